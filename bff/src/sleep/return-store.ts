import {
  HOME_STUDY_KINDS,
  isoDay,
  RETURN_STATES,
  SLEEP_DEVICE_RETURN_DAYS,
  SLEEP_STUDY_KIND_LABELS,
  shiftDay,
  sleepReturnDevicesList,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { dayText, timeText } from '../db/sql-day.js';
import { conflict, notFound } from '../domain-errors.js';
import { inRange, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import {
  and,
  by,
  byPatientName,
  byText,
  fullName,
  PRACTICE_FILTER,
  practiceFilterOptions,
} from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { patientVisible } from '../scope.js';

/** Sleep Return Devices (decisions.md "Sleep Return Devices"): home studies' devices due back, and their returns. */

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

export const sleepReturnSource = listSource(sleepReturnDevicesList, {
  from: FROM,
  scope: ({ viewer }) => and([HOME_KINDS, viewer.scope.visible('p')]),
  id: 's.study_id',
  select: ({ today }) => ({
    study_id: sql`s.study_id`,
    ...patientFields(),
    dob: dayText('p.dob'),
    mrn: sql`p.mrn`,
    practice_name: sql`pr.practice_name`,
    kind: KIND_LABEL,
    device: sql`s.device`,
    ordered_at: timeText('s.ordered_at'),
    due_on: sql`to_char(${DUE_ON}, 'YYYY-MM-DD')`,
    return_state: stateLabel(today),
    days_overdue: daysOverdue(today),
    returned_at: timeText('s.device_returned_at'),
    returned_by: sql`case when rb.user_id is null then null else ${fullName('rb')} end`,
  }),
  sort: ({ today }) => ({
    study_id: by(sql`s.study_id`),
    patient_name: byPatientName,
    dob: by(sql`p.dob`),
    ordered_at: by(sql`s.ordered_at`),
    due_on: by(DUE_ON),
    return_state: by(rankSql(sleepReturnDevicesList.columns, 'return_state', stateLabel(today))),
    days_overdue: by(daysOverdue(today)),
    returned_at: by(sql`s.device_returned_at`),
    returned_by: byText(fullName('rb')),
  }),
  where: {
    return_state: {
      shows: 'return_state',
      when: (states, { today }) => sql<SqlBool>`${stateOf(today)} = any(${[...states]}::text[])`,
    },
    kind: { shows: 'kind', when: (kinds) => sql<SqlBool>`s.kind = any(${[...kinds]}::text[])` },
    practice: PRACTICE_FILTER,
    due_back: { shows: 'due_on', when: inRange(DUE_ON, 'day') },
  },
  search: (text) => patientSearchSql(text, 's.study_id'),
  options: practiceFilterOptions,
});

/**
 * Records that a home study's device came back, with an audit row: 404 outside the caller's scope, 409 when returned
 * already or its kind keeps the device.
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
