import type { ListPatient } from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import { fullName } from '../lists/sql.js';

/**
 * The row's patient as every list names it (decisions.md "Patient identity"): its identity and `same_name`, one index
 * probe per row read (migration 0035); null where `alias` is a left join that found no patient.
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

/** A declared list row's patient fields (patientColumn): the id the row opens, 'Last, First', and the identity. */
export const patientFields = (alias = 'p') => ({
  patient_id: sql.ref(`${alias}.patient_id`),
  patient_name: fullName(alias),
  patient: listPatientSql(alias),
});
