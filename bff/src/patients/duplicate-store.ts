import { isCalendarDay, isoDay } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import type { PatientScope } from '../scope.js';

/** What the duplicate check compares. */
export interface DuplicateProbe {
  readonly organizationId: number;
  readonly lastname: string;
  readonly dob: string;
  readonly mrn: string;
  readonly mobile: string | null;
  readonly exceptPatientId?: number;
}

/** At most this many candidates are listed; more is a sign of a too-loose probe, not of more duplicates. */
const DUPLICATE_MAX = 10;

/**
 * Live patients of the organisation that may be the same person (same last name and date of birth, MRN or mobile;
 * indexed by 0033): those the user may read with their identity, the others only as a count.
 */
export async function findDuplicates(
  db: Db | Transaction<Database>,
  scope: PatientScope,
  probe: DuplicateProbe,
) {
  const validDob = isCalendarDay(probe.dob);
  const byNameDob = validDob
    ? sql<boolean>`(p.dob = ${probe.dob}::date and lower(p.lastname) = ${probe.lastname.toLowerCase()})`
    : sql<boolean>`false`;
  const byMrn =
    probe.mrn === '' ? sql<boolean>`false` : sql<boolean>`lower(p.mrn) = ${probe.mrn.toLowerCase()}`;
  const byMobile = probe.mobile === null ? sql<boolean>`false` : sql<boolean>`p.mobile = ${probe.mobile}`;
  const rows = await db
    .selectFrom('patients as p')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .select([
      'p.patient_id',
      'p.firstname',
      'p.lastname',
      'p.dob',
      'p.mrn',
      'p.practice_id',
      'pr.practice_name',
    ])
    .select([byNameDob.as('by_name_dob'), byMrn.as('by_mrn'), byMobile.as('by_mobile')])
    .select(scope.visible('p').as('visible'))
    .where('p.organization_id', '=', probe.organizationId)
    .where('p.merged_into_id', 'is', null)
    .where('p.patient_id', '!=', probe.exceptPatientId ?? 0)
    .where(sql<boolean>`(${byNameDob} or ${byMrn} or ${byMobile})`)
    .orderBy('p.lastname')
    .orderBy('p.firstname')
    .orderBy('p.patient_id')
    .execute();
  const visible = rows.filter((row) => row.visible);
  return {
    candidates: visible.slice(0, DUPLICATE_MAX).map((row) => ({
      patient_id: row.patient_id,
      firstname: row.firstname,
      lastname: row.lastname,
      dob: isoDay(row.dob),
      mrn: row.mrn,
      practice_id: row.practice_id,
      practice_name: row.practice_name,
      reasons: [
        ...(row.by_name_dob ? (['name_dob'] as const) : []),
        ...(row.by_mrn ? (['mrn'] as const) : []),
        ...(row.by_mobile ? (['mobile'] as const) : []),
      ],
    })),
    outside_scope: rows.length - visible.length,
  };
}
