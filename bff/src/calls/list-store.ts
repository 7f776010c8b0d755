import {
  awsCallbackHistoryList,
  awsCallbackList,
  awsMissedHistoryList,
  awsTasksList,
  awsUnattendedCallsList,
  awsVoicemailHistoryList,
  awsVoicemailList,
  type CallRecordRow,
  type ListName,
  type SortKeyOf,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { inRange, type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { rankSql } from '../lists/rank.js';
import type { ListSource } from '../lists/source.js';
import {
  and,
  by,
  byPatientName,
  PRACTICE_FILTER,
  practiceFilterOptions,
  type SortBy,
  userName,
  type Where,
} from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { visibleCalls } from './store.js';

/** The seven call pages' rows (000 §2.4): aws-tasks over open outreach tasks and callbacks, the others over calls. */

// ── Call records ─────────────────────────────────────────────────────────────────────────────────────────────

/** A record with its patient and practice, its agent, and the agent of the call that returned it. */
const RECORD_FROM = sql`call_records c
  left join patients p on p.patient_id = c.patient_id
  left join practices pr on pr.practice_id = p.practice_id
  left join users a on a.user_id = c.agent_user_id
  left join call_records rc on rc.call_id = c.returned_by_call_id
  left join users r on r.user_id = rc.agent_user_id`;

/** The row's fields, alike on the six pages. */
const RECORD_FIELDS = {
  call_id: sql`c.call_id`,
  ...patientFields(),
  practice_name: sql`pr.practice_name`,
  phone_number: sql`c.phone_number`,
  direction: sql`c.direction`,
  outcome: sql`c.outcome`,
  agent_name: userName('a'),
  started_at: timeText('c.started_at'),
  ended_at: timeText('c.ended_at'),
  duration_seconds: sql`c.duration_seconds`,
  callback_due_at: timeText('c.callback_due_at'),
  returned_at: timeText('c.returned_at'),
  returned_by: userName('r'),
} satisfies Record<keyof CallRecordRow, RawBuilder<unknown>>;

/** The filters of every call-record page. */
const RECORD_WHERE = {
  practice: PRACTICE_FILTER,
  started: { shows: 'started_at', when: inRange('c.started_at', 'instant') },
} as const;

type RecordList =
  | typeof awsMissedHistoryList
  | typeof awsCallbackList
  | typeof awsCallbackHistoryList
  | typeof awsVoicemailList
  | typeof awsVoicemailHistoryList
  | typeof awsUnattendedCallsList;

/** Every sort key of the six pages; each page's declaration takes its own. */
const RECORD_SORT = {
  started_at: by(sql`c.started_at`),
  patient_name: byPatientName,
  duration_seconds: by(sql`c.duration_seconds`),
  callback_due_at: by(sql`c.callback_due_at`),
  returned_at: by(sql`c.returned_at`),
} satisfies Partial<Record<SortKeyOf<RecordList>, SortBy>>;

/** A call-record page's declaration: the records it lists (shared/src/lists/calls.ts), the rest alike. */
function recordPage(records: Where) {
  return {
    from: RECORD_FROM,
    scope: ({ viewer }: ListContext) => and([records, visibleCalls(viewer.scope, viewer.auth.userId)]),
    id: 'c.call_id',
    select: () => RECORD_FIELDS,
    sort: () => RECORD_SORT,
    where: RECORD_WHERE,
    search: (text: string) => patientSearchSql(text, undefined, sql`c.phone_number`),
    options: practiceFilterOptions,
  };
}

const CALLBACK = sql<SqlBool>`c.kind = 'callback'`;
const VOICEMAIL = sql<SqlBool>`c.kind = 'voicemail'`;
const OPEN = sql<SqlBool>`c.returned_at is null`;
const RETURNED = sql<SqlBool>`c.returned_at is not null`;

const unattendedCalls = listSource(awsUnattendedCallsList, {
  ...recordPage(sql<SqlBool>`c.kind = 'unattended'`),
  where: {
    ...RECORD_WHERE,
    // No field shows the state itself; both states together are every record.
    returned: (states) =>
      states.length === 1 ? (states[0] === 'open' ? OPEN : RETURNED) : sql<SqlBool>`true`,
  },
});

// ── aws-tasks ────────────────────────────────────────────────────────────────────────────────────────────────

/** The patients to call, one row per open outreach call task or callback not yet returned (item ids: see the row). */
const TO_CALL = sql`(
  select t.task_id * 2 as item_id, 'outreach' as source, t.patient_id, t.title as reason, t.due_at, t.created_at
  from tasks t join missed_reading_outreach o on o.task_id = t.task_id
  where o.kind = 'call' and t.status <> 'completed' and t.patient_id is not null
  union all
  select c.call_id * 2 + 1, 'callback', c.patient_id, 'Callback requested on ' || c.phone_number, c.callback_due_at,
    c.started_at
  from call_records c
  where c.kind = 'callback' and c.returned_at is null and c.patient_id is not null
)`;

/** A stored number as the softphone's task-call events take it: the last ten digits (000 §4.9 dials +1 and them). */
export const tenDigits = (raw: string | null) => {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
};

/** {@link tenDigits} of a patient's number column, in SQL. */
const tenDigitsOf = (column: string) => {
  const digits = sql`regexp_replace(coalesce(${sql.ref(column)}, ''), '[^0-9]', '', 'g')`;
  return sql<string | null>`(case when length(${digits}) >= 10 then right(${digits}, 10) end)`;
};

const awsTasksSource = listSource(awsTasksList, {
  from: sql`${TO_CALL} k join patients p on p.patient_id = k.patient_id
    join practices pr on pr.practice_id = p.practice_id`,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'k.item_id',
  select: () => ({
    item_id: sql`k.item_id`,
    source: sql`k.source`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    reason: sql`k.reason`,
    mobile: tenDigitsOf('p.mobile'),
    phone: tenDigitsOf('p.phone'),
    due_at: timeText('k.due_at'),
    created_at: timeText('k.created_at'),
  }),
  sort: () => ({
    due_at: by(sql`k.due_at`),
    patient_name: byPatientName,
    source: by(rankSql(awsTasksList.columns, 'source', sql`k.source`)),
    created_at: by(sql`k.created_at`),
  }),
  where: {
    source: {
      shows: 'source',
      as: 'value',
      when: (sources) => sql<SqlBool>`k.source = any(${[...sources]}::text[])`,
    },
    practice: PRACTICE_FILTER,
    due: { shows: 'due_at', when: inRange('k.due_at', 'instant') },
  },
  search: (text) =>
    patientSearchSql(text, undefined, sql`coalesce(p.mobile, '') || ' ' || coalesce(p.phone, '')`),
  options: practiceFilterOptions,
});

/** The sources of the seven call pages (embedded.ts LIST_SOURCES). */
export function callListSources() {
  return {
    'aws-tasks': awsTasksSource,
    'aws-missed-history': listSource(awsMissedHistoryList, recordPage(sql<SqlBool>`c.outcome = 'Missed'`)),
    'aws-callback': listSource(awsCallbackList, recordPage(and([CALLBACK, OPEN]))),
    'aws-callback-history': listSource(awsCallbackHistoryList, recordPage(and([CALLBACK, RETURNED]))),
    'aws-voicemail': listSource(awsVoicemailList, recordPage(and([VOICEMAIL, OPEN]))),
    'aws-voicemail-history': listSource(awsVoicemailHistoryList, recordPage(and([VOICEMAIL, RETURNED]))),
    'aws-unattended-calls': unattendedCalls,
  } satisfies Partial<Record<ListName, ListSource<object>>>;
}
