import { BILLING_UTILITY_PAGE, isoDay, TRANSCRIPT_TEXT, transcriptNote } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import { addNote } from '../chart/note-store.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { patientVisible, practiceMember } from '../scope.js';

/**
 * The Transcript Queues' writes (decisions.md "Transcript Queues"): each loads the transcript through its call's
 * patient in the caller's scope (404 otherwise, as for an unknown one), locks it, and writes its audit row in the
 * same transaction.
 */

type Viewer = Pick<AuthContext, 'userId' | 'roleid'>;

/** A transcript the caller may see, locked for the change when in a transaction; else 404 naming transcript_id. */
async function visibleTranscript(db: Db | Transaction<Database>, auth: Viewer, id: number, lock = false) {
  let query = db
    .selectFrom('transcripts as t')
    .innerJoin('call_records as c', 'c.call_id', 't.call_id')
    .innerJoin('patients as p', 'p.patient_id', 'c.patient_id')
    .select([
      't.transcript_id',
      't.status',
      't.assignee_id',
      't.recorded_at',
      'c.call_id',
      'c.kind',
      'c.phone_number',
      'p.patient_id',
    ])
    .where('t.transcript_id', '=', id)
    .where(patientVisible(auth, 'p'));
  if (lock) query = query.forUpdate('t');
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(TRANSCRIPT_TEXT.unknown(id), 'transcript_id');
  return row;
}

/** Someone a transcript can be assigned to. */
interface TranscriptAssignee {
  readonly user_id: number;
  readonly name: string;
}

/**
 * Who may be given the transcript: active users whose roles hold 'Billing Utility' (the queue's page) and who may
 * see its patient (role 1, or a member of the patient's practice covering its location), by name.
 */
export async function transcriptAssignees(
  db: Db | Transaction<Database>,
  auth: Viewer,
  id: number,
): Promise<TranscriptAssignee[]> {
  const { patient_id: patientId } = await visibleTranscript(db, auth, id);
  const { rows } = await sql<{ user_id: number; firstname: string | null; lastname: string | null }>`
    select u.user_id, u.firstname, u.lastname from users u cross join patients p
    where p.patient_id = ${patientId} and u.active
      and exists (select 1 from user_roles r join role_pages rp on rp.role_id = r.role_id
        where r.user_id = u.user_id and rp.page = ${BILLING_UTILITY_PAGE})
      and (exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 1)
        or ${practiceMember(sql.ref('u.user_id'), 'p')})
    order by lower(u.lastname), lower(u.firstname), u.user_id`.execute(db);
  return rows.map((r) => ({ user_id: r.user_id, name: fullName(r.firstname, r.lastname) }));
}

/** Assigns an open transcript to an offered assignee (the caller included), with its audit row; 409 once completed. */
export async function assignTranscript(
  db: Db,
  actor: AuditActor,
  auth: Viewer,
  id: number,
  assignedTo: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const transcript = await visibleTranscript(trx, auth, id, true);
    if (transcript.status === 'completed') throw conflict(TRANSCRIPT_TEXT.alreadyCompleted, 'transcript_id');
    const offered = await transcriptAssignees(trx, auth, id);
    if (!offered.some((person) => person.user_id === assignedTo))
      throw invalid(TRANSCRIPT_TEXT.notAssignable(assignedTo), 'assigned_to');
    await trx
      .updateTable('transcripts')
      .set({ status: 'assigned', assignee_id: assignedTo, assigned_by: actor.userId, assigned_at: actor.at })
      .where('transcript_id', '=', id)
      .execute();
    await audit(trx, {
      ...actor,
      action: 'assign_transcript',
      entity: 'transcript',
      entityId: id,
      detail: {
        patient_id: transcript.patient_id,
        call_id: transcript.call_id,
        from: transcript.assignee_id,
        to: assignedTo,
      },
    });
  });
}

/**
 * Completes a queued transcript or one assigned to the caller: the text becomes a note of the patient's, and the
 * transcript is the caller's, completed; both audited in one transaction. 409 once completed, or while someone
 * else holds it.
 */
export async function completeTranscript(
  db: Db,
  actor: AuditActor,
  auth: Viewer,
  id: number,
  text: string,
): Promise<{ note_id: number }> {
  return db.transaction().execute(async (trx) => {
    const transcript = await visibleTranscript(trx, auth, id, true);
    if (transcript.status === 'completed') throw conflict(TRANSCRIPT_TEXT.alreadyCompleted, 'transcript_id');
    if (transcript.assignee_id !== null && transcript.assignee_id !== actor.userId) {
      const holder = await trx
        .selectFrom('users')
        .select(['firstname', 'lastname'])
        .where('user_id', '=', transcript.assignee_id)
        .executeTakeFirstOrThrow();
      throw conflict(
        TRANSCRIPT_TEXT.assignedToOther(fullName(holder.firstname, holder.lastname)),
        'transcript_id',
      );
    }
    const kind = transcript.kind === 'voicemail' ? 'voicemail' : 'call';
    const note = await addNote(
      trx,
      actor,
      transcript.patient_id,
      transcriptNote(kind, transcript.phone_number, isoDay(transcript.recorded_at), text),
    );
    const unassigned = transcript.assignee_id === null;
    await trx
      .updateTable('transcripts')
      .set({
        status: 'completed',
        transcript: text.trim(),
        note_id: note.note_id,
        completed_by: actor.userId,
        completed_at: actor.at,
        ...(unassigned
          ? { assignee_id: actor.userId, assigned_by: actor.userId, assigned_at: actor.at }
          : {}),
      })
      .where('transcript_id', '=', id)
      .execute();
    await audit(trx, {
      ...actor,
      action: 'complete_transcript',
      entity: 'transcript',
      entityId: id,
      detail: {
        patient_id: transcript.patient_id,
        call_id: transcript.call_id,
        note_id: note.note_id,
        characters: text.trim().length,
      },
    });
    return { note_id: note.note_id };
  });
}
