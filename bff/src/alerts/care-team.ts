import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** Why a user is on a patient's care team. */
export type CareTeamRole = 'physician' | 'care_coordinator' | 'clinical_staff';

/** One member of a patient's care team. */
export interface CareTeamMember {
  readonly user_id: number;
  readonly name: string;
  readonly role: CareTeamRole;
}

/** Roles whose members watch a practice's readings (decisions.md "Alert recipients"). */
const MONITORING_ROLE_IDS: readonly number[] = [8, 13];

/** A patient's care team: physician, care coordinator, then the monitoring staff covering the patient, each once. */
export async function careTeam(db: Db, patientId: number): Promise<CareTeamMember[]> {
  const { rows } = await sql<{ user_id: number; firstname: string; lastname: string; role: CareTeamRole }>`
    select u.user_id, u.firstname, u.lastname, 'physician' as role, 1 as rank
      from patients p join users u on u.user_id = p.physician_id
      where p.patient_id = ${patientId} and u.active
    union all
    select u.user_id, u.firstname, u.lastname, 'care_coordinator', 2
      from patients p join users u on u.user_id = p.care_coordinator_id
      where p.patient_id = ${patientId} and u.active
    union all
    select u.user_id, u.firstname, u.lastname, 'clinical_staff', 3
      from patients p
      join user_practices up on up.practice_id = p.practice_id
        and (up.location_id is null or up.location_id = p.location_id)
      join users u on u.user_id = up.user_id
      where p.patient_id = ${patientId} and u.active and not u.is_dentist
        and exists (select 1 from user_roles r where r.user_id = u.user_id
          and r.role_id = any(${[...MONITORING_ROLE_IDS]}::integer[]))
        and not exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 1)
    order by rank, lastname, firstname, user_id`.execute(db);
  const seen = new Set<number>();
  const team: CareTeamMember[] = [];
  for (const row of rows) {
    if (seen.has(row.user_id)) continue;
    seen.add(row.user_id);
    team.push({ user_id: row.user_id, name: `${row.firstname} ${row.lastname}`.trim(), role: row.role });
  }
  return team;
}
