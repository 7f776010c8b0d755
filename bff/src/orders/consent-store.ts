import {
  AUTHORIZATION_STATES,
  CONSENT_METHODS,
  isoDay,
  type PatientConsentRow,
  patientConsentList,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { dayText } from '../db/sql-day.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byPatientName,
  byText,
  countWhere,
  fullName,
  inIds,
  orderSql,
  practiceOptions,
} from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { orderProgramWhere } from './list-store.js';

/**
 * Patient Consent (shared/src/lists/consents.ts patientConsentList; decisions.md "Patient Consent"): the enrolment
 * orders of the patients the user may read, each with its latest authorisation and that authorisation's state on
 * the request's day.
 */

type Where = RawBuilder<SqlBool>;

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

const ORDER_BY = (today: string) => ({
  patient_name: byPatientName,
  practice_name: byText(sql`pr.practice_name`),
  program: byText(sql`eo.program`),
  consent_date: by(sql`eo.consent_date`),
  consent_method: byText(METHOD_LABEL),
  ordering_provider: byText(sql`eo.ordering_provider`),
  order_date: by(sql`eo.order_date`),
  authorized_until: by(sql`au.end_date`),
  authorization: by(rankSql(patientConsentList.columns, 'authorization', stateLabel(today))),
});

export const patientConsentSource: ListSource<PatientConsentRow> = sliceSource<PatientConsentRow, Base>({
  filtered(db, viewer, view) {
    const parts: Where[] = [viewer.scope.visible('p')];
    const programs = orderProgramWhere(view);
    if (programs) parts.push(programs);
    const methods = optionValues(view, 'consent_method');
    if (methods?.length) parts.push(sql<SqlBool>`eo.consent_method = any(${[...methods]}::text[])`);
    const states = optionValues(view, 'authorization');
    if (states?.length)
      parts.push(sql<SqlBool>`${stateOf(isoDay(viewer.now))} = any(${[...states]}::text[])`);
    const practices = idValues(view, 'practice');
    if (practices) parts.push(inIds('p.practice_id', practices));
    const consented = dayRange(view, 'consented');
    if (consented.from) parts.push(sql<SqlBool>`eo.consent_date >= ${consented.from}::date`);
    if (consented.before) parts.push(sql<SqlBool>`eo.consent_date < ${consented.before}::date`);
    const search = patientSearchSql(view.search);
    if (search) parts.push(search);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, FROM),
  async slice({ db, where }, viewer, view, offset, limit) {
    const today = isoDay(viewer.now);
    const { rows } = await sql<PatientConsentRow>`
      select eo.order_id, p.patient_id, ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, pr.practice_name, eo.program,
        ${dayText('eo.consent_date')} as consent_date, ${METHOD_LABEL} as consent_method, eo.ordering_provider,
        ${dayText('eo.order_date')} as order_date, au.authorization_number, ${dayText('au.end_date')} as authorized_until,
        ${stateLabel(today)} as authorization
      from ${FROM}
      where ${where}
      order by ${orderSql(view, ORDER_BY(today), 'eo.order_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows;
  },
  options: async (db, viewer) => ({ practice: await practiceOptions(db, viewer) }),
});
