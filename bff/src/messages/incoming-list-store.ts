import { incomingMessagesList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { and, by, byPatientName, likeWord, searchTerms } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/**
 * Incoming Messages (shared/src/lists/messages.ts incomingMessagesList): the inbound texts with their
 * patients. A text from an unknown number has no patient, so no practice places it: only a user who sees every
 * patient sees it (decisions.md "Incoming Messages").
 */

const INBOUND = sql<SqlBool>`m.direction = 'in'`;

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
  }),
  sort: () => ({
    received_at: by(sql`m.created_at`),
    patient_name: byPatientName,
    phone: by(sql`m.phone`),
  }),
  where: { received: { shows: 'received_at', when: inRange('m.created_at', 'instant') } },
  search: (text) =>
    and(
      searchTerms(text).searchWords.map(
        (word) => sql<SqlBool>`${SEARCHED} like ${likeWord(word)} escape '\\'`,
      ),
    ),
  // The one filter is a date range: no options to offer.
  options: async () => ({}),
});
