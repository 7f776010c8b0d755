import { AUTHORIZATION_STATES, CONSENT_METHODS, patientConsentList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { dayText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { by, byPatientName, PRACTICE_FILTER, practiceFilterOptions } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { orderProgramIn } from './list-store.js';

/** Patient Consent (decisions.md "Patient Consent"): enrolment orders with their latest authorisation and its state. */

const FROM = sql`enrollment_orders eo
  join patients p on p.patient_id = eo.patient_id
  join practices pr on pr.practice_id = p.practice_id
  left join lateral (select a.authorization_number, a.start_date, a.end_date from order_authorizations a
    where a.order_id = eo.order_id order by a.recorded_at desc, a.authorization_id desc limit 1) au on true`;

/** The latest authorisation's state on `today` (AUTHORIZATION_STATES' keys): covering the day, past it, or none. */
const stateOf = (today: string) => sql<string>`(case when au.end_date is null then 'none'
  when ${today}::date between au.start_date and au.end_date then 'current' else 'expired' end)`;

/** The state's label, as the row shows it. */
const stateLabel = (today: string) => labelSql(stateOf(today), AUTHORIZATION_STATES);

const METHOD_LABEL = labelSql('eo.consent_method', CONSENT_METHODS);

export const patientConsentSource = listSource(patientConsentList, {
  from: FROM,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'eo.order_id',
  select: ({ today }) => ({
    order_id: sql`eo.order_id`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    program: sql`eo.program`,
    consent_date: dayText('eo.consent_date'),
    consent_method: METHOD_LABEL,
    ordering_provider: sql`eo.ordering_provider`,
    order_date: dayText('eo.order_date'),
    authorization_number: sql`au.authorization_number`,
    authorized_until: dayText('au.end_date'),
    authorization: stateLabel(today),
  }),
  sort: ({ today }) => ({
    patient_name: byPatientName,
    consent_date: by(sql`eo.consent_date`),
    order_date: by(sql`eo.order_date`),
    authorized_until: by(sql`au.end_date`),
    authorization: by(rankSql(patientConsentList.columns, 'authorization', stateLabel(today))),
  }),
  where: {
    order_program: { shows: 'program', when: (programs) => orderProgramIn(programs) },
    consent_method: {
      shows: 'consent_method',
      when: (methods) => sql<SqlBool>`eo.consent_method = any(${[...methods]}::text[])`,
    },
    authorization: {
      shows: 'authorization',
      when: (states, { today }) => sql<SqlBool>`${stateOf(today)} = any(${[...states]}::text[])`,
    },
    practice: PRACTICE_FILTER,
    consented: { shows: 'consent_date', when: inRange('eo.consent_date', 'day') },
  },
  search: (text) => patientSearchSql(text),
  options: practiceFilterOptions,
});
