import { incomingMessagesList, REPLY_STATES } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { labelSql } from '../lists/rank.js';
import { and, by, byPatientName, likeWord, searchTerms } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/**
 * Incoming Messages (shared/src/lists/messages.ts incomingMessagesList): the inbound texts with their
 * patients. A text from an unknown number has no patient, so no practice places it: only a user who sees every
 * patient sees it (decisions.md "Incoming Messages").
 */

const INBOUND = sql<SqlBool>`m.direction = 'in'`;

/**
 * Whether someone of the care team texted the number after it (a reminder, sent by nobody, is no reply); migration
 * 0040's index answers it.
 */
const REPLIED = sql<SqlBool>`exists (select 1 from patient_messages o where o.direction = 'out'
  and o.sender_id is not null and o.phone = m.phone and o.created_at > m.created_at)`;

/** REPLY_STATES' key of the text. */
const REPLY_STATE = sql<string>`(case when ${REPLIED} then 'replied' else 'awaiting' end)`;
const REPLY_LABEL = labelSql(REPLY_STATE, REPLY_STATES);

/** What the search box reads: every word typed occurs in the patient's name, the number or the text. */
const SEARCHED = sql`lower(coalesce(p.lastname || ', ' || p.firstname, '') || ' ' || m.phone || ' ' || m.body)`;

export const incomingMessagesSource = listSource(incomingMessagesList, {
  from: sql`patient_messages m
    left join patients p on p.patient_id = m.patient_id
    left join practices pr on pr.practice_id = p.practice_id`,
  scope: ({ viewer }) =>
    viewer.scope.all
      ? INBOUND
      : and([INBOUND, sql<SqlBool>`m.patient_id is not null`, viewer.scope.visible('p')]),
  id: 'm.message_id',
  select: () => ({
    message_id: sql`m.message_id`,
    received_at: timeText('m.created_at'),
    phone: sql`m.phone`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    body: sql`m.body`,
    reply: REPLY_LABEL,
  }),
  sort: () => ({
    received_at: by(sql`m.created_at`),
    patient_name: byPatientName,
    phone: by(sql`m.phone`),
  }),
  where: {
    received: { shows: 'received_at', when: inRange('m.created_at', 'instant') },
    // One value at most (the filter is not multi); both given means either, so no condition.
    reply: {
      shows: 'reply',
      when: (values) =>
        values.length === 1 ? (values[0] === 'replied' ? REPLIED : sql<SqlBool>`not ${REPLIED}`) : and([]),
    },
  },
  search: (text) =>
    and(
      searchTerms(text).searchWords.map(
        (word) => sql<SqlBool>`${SEARCHED} like ${likeWord(word)} escape '\\'`,
      ),
    ),
  // A date range and fixed options: none the scope decides.
  options: async () => ({}),
});
