import { TRANSCRIPT_KINDS, TRANSCRIPT_STATUSES, transcriptQueuesList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { by, byPatientName, PRACTICE_FILTER, practiceFilterOptions, userName } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/** Transcript Queues (decisions.md "Transcript Queues"): each recording's transcript with its call and patient. */

const FROM = sql`transcripts t
  join call_records c on c.call_id = t.call_id
  join patients p on p.patient_id = c.patient_id
  join practices pr on pr.practice_id = p.practice_id
  left join users au on au.user_id = t.assignee_id
  left join users cu on cu.user_id = t.completed_by`;

/** TRANSCRIPT_KINDS' code of the call. */
const KIND_CODE = sql<string>`(case when c.kind = 'voicemail' then 'voicemail' else 'call' end)`;
const STATUS = labelSql('t.status', TRANSCRIPT_STATUSES);

export const transcriptQueueSource = listSource(transcriptQueuesList, {
  from: FROM,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 't.transcript_id',
  select: ({ viewer }) => ({
    transcript_id: sql`t.transcript_id`,
    call_id: sql`c.call_id`,
    contact_id: sql`c.contact_id`,
    recorded_at: timeText('t.recorded_at'),
    kind: labelSql(KIND_CODE, TRANSCRIPT_KINDS),
    phone_number: sql`c.phone_number`,
    duration_seconds: sql`coalesce(c.duration_seconds, 0)`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    status: STATUS,
    assignee: userName('au'),
    assigned_to_me: sql`coalesce(t.assignee_id = ${viewer.auth.userId}, false)`,
    completed_at: timeText('t.completed_at'),
    completed_by: userName('cu'),
  }),
  sort: () => ({
    recorded_at: by(sql`t.recorded_at`),
    patient_name: byPatientName,
    status: by(rankSql(transcriptQueuesList.columns, 'status', STATUS)),
    completed_at: by(sql`t.completed_at`),
  }),
  where: {
    status: {
      shows: 'status',
      when: (statuses) => sql<SqlBool>`t.status = any(${[...statuses]}::text[])`,
    },
    kind: { shows: 'kind', when: (kinds) => sql<SqlBool>`${KIND_CODE} = any(${[...kinds]}::text[])` },
    practice: PRACTICE_FILTER,
    recorded: { shows: 'recorded_at', when: inRange('t.recorded_at', 'instant') },
  },
  search: (text) => patientSearchSql(text, undefined, sql<string>`c.contact_id`),
  options: practiceFilterOptions,
});
