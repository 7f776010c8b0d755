import type { ListPatient } from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import { fullName } from '../lists/sql.js';

/**
 * The row's patient as every list names it (issue 38 §2; ListPatient in shared/src/patient-identity.ts): the
 * identity, and `same_name` when another patient of the practice, not merged away, has the same first and last name,
 * case aside. One index probe per row read (migration 0035), so a page or an export chunk pays only for its own rows.
 * Null where `alias` is a left join that found no patient. decisions.md "Patient identity".
 */
export function listPatientSql(alias: string): RawBuilder<ListPatient> {
  const col = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<ListPatient>`case when ${col('patient_id')} is null then null else json_build_object(
    'patient_id', ${col('patient_id')}, 'firstname', ${col('firstname')}, 'lastname', ${col('lastname')},
    'dob', ${col('dob')}, 'mrn', ${col('mrn')},
    'same_name', exists (select 1 from patients twin
      where twin.practice_id = ${col('practice_id')} and twin.merged_into_id is null
        and lower(twin.lastname) = lower(${col('lastname')}) and lower(twin.firstname) = lower(${col('firstname')})
        and twin.patient_id <> ${col('patient_id')})) end`;
}

/**
 * A declared list row's patient fields (patientColumn in shared/src/lists/patient-row.ts): the id the row opens, the
 * name as 'Last, First', and the identity the column draws.
 */
export const patientFields = (alias = 'p') => ({
  patient_id: sql.ref(`${alias}.patient_id`),
  patient_name: fullName(alias),
  patient: listPatientSql(alias),
});
