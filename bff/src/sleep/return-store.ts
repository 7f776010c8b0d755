import {
  HOME_STUDY_KINDS,
  isoDay,
  RETURN_STATES,
  SLEEP_DEVICE_RETURN_DAYS,
  SLEEP_STUDY_KIND_LABELS,
  type SleepReturnDeviceRow,
  shiftDay,
  sleepReturnDevicesList,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { dayText } from '../db/sql-day.js';
import { conflict, notFound } from '../domain-errors.js';
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
import { patientVisible } from '../scope.js';

/**
 * Sleep Return Devices (shared/src/lists/utilities.ts sleepReturnDevicesList): the devices of home studies, due
 * back SLEEP_DEVICE_RETURN_DAYS after the order, and the write that records a return.
 * decisions.md "Sleep Return Devices".
 */

const HOME_KINDS = sql<SqlBool>`s.kind in (${sql.join(HOME_STUDY_KINDS.map((kind) => sql.lit(kind)))})`;

const FROM = sql`sleep_studies s
  join patients p on p.patient_id = s.patient_id
  join practices pr on pr.practice_id = p.practice_id
  left join users rb on rb.user_id = s.device_returned_by`;

const utcDay = (column: string) => sql<string>`(${sql.ref(column)} at time zone 'UTC')::date`;
const DUE_ON = sql<string>`(${utcDay('s.ordered_at')} + ${sql.lit(SLEEP_DEVICE_RETURN_DAYS)})`;

/** Where the device is on `today` (RETURN_STATES' keys). */
const stateOf = (today: string) => sql<string>`(case when s.device_returned_at is not null then 'returned'
  when ${today}::date > ${DUE_ON} then 'overdue' else 'out' end)`;

/** Days past the due day, to the return or to `today`; null when none. */
const daysOverdue = (today: string): RawBuilder<number | null> =>
  sql`nullif(greatest(0, coalesce(${utcDay('s.device_returned_at')}, ${today}::date) - ${DUE_ON}), 0)`;

const KIND_LABEL = labelSql('s.kind', SLEEP_STUDY_KIND_LABELS);
const stateLabel = (today: string) => labelSql(stateOf(today), RETURN_STATES);

const orderBy = (today: string) => ({
  study_id: by(sql`s.study_id`),
  patient_name: byPatientName,
  dob: by(sql`p.dob`),
  mrn: byText(sql`p.mrn`),
  practice_name: byText(sql`pr.practice_name`),
  kind: byText(KIND_LABEL),
  device: byText(sql`s.device`),
  ordered_at: by(sql`s.ordered_at`),
  due_on: by(DUE_ON),
  return_state: by(rankSql(sleepReturnDevicesList.columns, 'return_state', stateLabel(today))),
  days_overdue: by(daysOverdue(today)),
  returned_at: by(sql`s.device_returned_at`),
  returned_by: byText(fullName('rb')),
});

export const sleepReturnSource: ListSource<SleepReturnDeviceRow> = sliceSource<SleepReturnDeviceRow, Base>({
  filtered(db, viewer, view) {
    const today = isoDay(viewer.now);
    const parts = [HOME_KINDS, viewer.scope.visible('p')];
    const states = optionValues(view, 'return_state');
    if (states?.length) parts.push(sql<SqlBool>`${stateOf(today)} = any(${[...states]}::text[])`);
    const kinds = optionValues(view, 'kind');
    if (kinds?.length) parts.push(sql<SqlBool>`s.kind = any(${[...kinds]}::text[])`);
    const practices = idValues(view, 'practice');
    if (practices) parts.push(inIds('p.practice_id', practices));
    const due = dayRange(view, 'due_back');
    if (due.from) parts.push(sql<SqlBool>`${DUE_ON} >= ${isoDay(due.from)}::date`);
    if (due.before) parts.push(sql<SqlBool>`${DUE_ON} < ${isoDay(due.before)}::date`);
    const search = patientSearchSql(view.search, 's.study_id');
    if (search) parts.push(search);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, FROM),
  async slice({ db, where }, viewer, view, offset, limit) {
    const today = isoDay(viewer.now);
    const { rows } = await sql<
      Omit<SleepReturnDeviceRow, 'ordered_at' | 'returned_at'> & {
        ordered_at: Date;
        returned_at: Date | null;
      }
    >`
      select s.study_id, p.patient_id, ${fullName('p')} as patient_name, ${dayText('p.dob')} as dob, p.mrn, ${listPatientSql('p')} as patient,
        pr.practice_name, ${KIND_LABEL} as kind, s.device, s.ordered_at, to_char(${DUE_ON}, 'YYYY-MM-DD') as due_on,
        ${stateLabel(today)} as return_state, ${daysOverdue(today)} as days_overdue,
        s.device_returned_at as returned_at,
        case when rb.user_id is null then null else ${fullName('rb')} end as returned_by
      from ${FROM}
      where ${where}
      order by ${orderSql(view, orderBy(today), 's.study_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      ordered_at: r.ordered_at.toISOString(),
      returned_at: r.returned_at?.toISOString() ?? null,
    }));
  },
  options: async (db, viewer) => ({ practice: await practiceOptions(db, viewer) }),
});

/**
 * Records that a home study's device came back, now (or at the order, for a study dated later than now), with an
 * audit row. A study outside the caller's scope answers as unknown (404); one returned already, or whose kind keeps
 * its device in the lab or office, answers 409.
 */
export async function returnStudyDevice(
  db: Db,
  by: AuditActor,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  studyId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const study = await trx
      .selectFrom('sleep_studies as s')
      .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
      .select(['s.study_id', 's.patient_id', 's.kind', 's.device', 's.ordered_at', 's.device_returned_at'])
      .where('s.study_id', '=', studyId)
      .where(patientVisible(auth, 'p'))
      .forUpdate()
      .executeTakeFirst();
    if (!study) throw notFound(`Sleep test ${studyId} does not exist.`, 'study_id');
    if (!(HOME_STUDY_KINDS as readonly string[]).includes(study.kind))
      throw conflict(
        'This test is done in the lab or office; no device goes home with the patient.',
        'study_id',
      );
    if (study.device_returned_at !== null) throw conflict('This device was already returned.', 'study_id');
    const at = new Date(Math.max(by.at.getTime(), study.ordered_at.getTime()));
    await trx
      .updateTable('sleep_studies')
      .set({ device_returned_at: at, device_returned_by: by.userId })
      .where('study_id', '=', studyId)
      .execute();
    const dueOn = shiftDay(isoDay(study.ordered_at), SLEEP_DEVICE_RETURN_DAYS);
    await audit(trx, {
      ...by,
      action: 'return_sleep_device',
      entity: 'sleep_study',
      entityId: studyId,
      detail: { patient_id: study.patient_id, kind: study.kind, device: study.device, due_on: dueOn },
    });
  });
}
