import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Whether the patient (a row of `patients` under the alias) has a signed care plan: what CCM billing and the CCM
 * list ask (decisions.md "CCM needs a signed care plan"). Any signed version counts (decisions.md "Care plan in force").
 */
export const carePlanSigned = (patients: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from care_plan_versions cpv
    where cpv.patient_id = ${sql.ref(`${patients}.patient_id`)} and cpv.signed_at is not null)`;
