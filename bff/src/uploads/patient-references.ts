import { ENROLMENT_PROGRAMS, type EnrolmentProgram } from '@rpm/shared';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import { COORDINATOR_ROLE, PHYSICIAN_ROLE } from '../patients/record-store.js';
import type { PatientScope } from '../scope.js';
import { NameIndex } from './names.js';

type Executor = Db | Transaction<Database>;

/** The names a file may use, read once per pass within the user's practices. */
export interface References {
  readonly practices: NameIndex;
  readonly locations: Map<number, NameIndex>;
  /** By `${practice}:${role}`. */
  readonly staff: Map<string, NameIndex>;
  readonly languages: NameIndex;
  readonly plans: NameIndex;
  readonly statuses: Record<EnrolmentProgram, NameIndex>;
}

export async function references(db: Executor, scope: PatientScope): Promise<References> {
  const practiceIds = [0, ...scope.practiceIds];
  const [practices, locations, staff, languages, plans, statuses] = await Promise.all([
    db
      .selectFrom('practices')
      .select(['practice_id', 'practice_name'])
      .$if(!scope.all, (q) => q.where('practice_id', 'in', practiceIds))
      .execute(),
    db
      .selectFrom('locations')
      .select(['location_id', 'practice_id', 'location_name'])
      .$if(!scope.all, (q) => q.where('practice_id', 'in', practiceIds))
      .execute(),
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
      .innerJoin('user_practices as up', 'up.user_id', 'u.user_id')
      .select(['u.user_id', 'u.username', 'u.firstname', 'u.lastname', 'r.role_id', 'up.practice_id'])
      .distinct()
      .where('u.active', '=', true)
      .where('r.role_id', 'in', [PHYSICIAN_ROLE, COORDINATOR_ROLE])
      .$if(!scope.all, (q) => q.where('up.practice_id', 'in', practiceIds))
      .execute(),
    db.selectFrom('languages').select(['language_id', 'language']).execute(),
    db
      .selectFrom('insurance_plans')
      .select(['plan_id', 'payer', 'plan_name'])
      .where('active', '=', true)
      .execute(),
    db.selectFrom('patient_status_options').select(['program', 'status_id', 'label']).execute(),
  ]);
  const refs: References = {
    practices: new NameIndex(),
    locations: new Map(),
    staff: new Map(),
    languages: new NameIndex(),
    plans: new NameIndex(),
    statuses: Object.fromEntries(
      ENROLMENT_PROGRAMS.map((p) => [p, new NameIndex()]),
    ) as References['statuses'],
  };
  const within = <K>(map: Map<K, NameIndex>, key: K) => {
    const index = map.get(key) ?? new NameIndex();
    map.set(key, index);
    return index;
  };
  for (const p of practices) refs.practices.add(p.practice_id, p.practice_name);
  for (const l of locations) within(refs.locations, l.practice_id).add(l.location_id, l.location_name);
  for (const s of staff)
    within(refs.staff, `${s.practice_id}:${s.role_id}`).add(
      s.user_id,
      s.username,
      `${s.firstname} ${s.lastname}`,
      `${s.lastname}, ${s.firstname}`,
    );
  for (const l of languages) refs.languages.add(l.language_id, l.language);
  for (const p of plans)
    refs.plans.add(
      p.plan_id,
      p.plan_name,
      `${p.payer} ${p.plan_name}`,
      `${p.payer} · ${p.plan_name}`,
      `${p.payer} - ${p.plan_name}`,
    );
  for (const s of statuses)
    if (s.program in refs.statuses) refs.statuses[s.program as EnrolmentProgram].add(s.status_id, s.label);
  return refs;
}
