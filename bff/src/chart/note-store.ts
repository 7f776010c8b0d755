import type { CallQuery, getPatientNotes } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** Notes with their author's name, as the Notes tab shows them. */
const noteQuery = (db: Db) =>
  db
    .selectFrom('patient_notes as n')
    .innerJoin('users as u', 'u.user_id', 'n.author_id')
    .select([
      'n.note_id',
      'n.note',
      'n.author_id',
      'n.patient_id',
      'u.firstname',
      'u.lastname',
      'n.created_at',
      'n.updated_at',
    ]);

type NoteRow = Awaited<ReturnType<ReturnType<typeof noteQuery>['executeTakeFirstOrThrow']>>;

const noteDto = (n: NoteRow) => ({
  note_id: n.note_id,
  note: n.note,
  author_id: n.author_id,
  author_name: fullName(n.firstname, n.lastname),
  created_at: n.created_at.toISOString(),
  updated_at: n.updated_at.toISOString(),
});

/** One note as the calls answer it. */
const noteById = async (db: Db, noteId: number) =>
  noteDto(await noteQuery(db).where('n.note_id', '=', noteId).executeTakeFirstOrThrow());

/** A page of the patient's notes, newest first, and how many there are. */
export async function patientNotes(db: Db, query: CallQuery<typeof getPatientNotes>) {
  const count = await db
    .selectFrom('patient_notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', query.patient_id)
    .executeTakeFirstOrThrow();
  const rows = await noteQuery(db)
    .where('n.patient_id', '=', query.patient_id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.note_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(noteDto) };
}

/** Adds the actor's note about the patient with its audit row, in the caller's transaction. */
export async function addNote(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  text: string,
) {
  const row = await trx
    .insertInto('patient_notes')
    .values({
      patient_id: patientId,
      author_id: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      note: text.trim(),
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('note_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_patient_note',
    entity: 'patient_note',
    entityId: row.note_id,
    detail: { patient_id: patientId },
  });
  return noteById(trx, row.note_id);
}

/** The message of a note that does not exist, or whose patient the caller may not see. */
export const unknownNote = (noteId: number) => `Note ${noteId} does not exist.`;

/** A note as stored, to check who may edit it. */
export async function storedNote(db: Db, noteId: number) {
  const note = await db
    .selectFrom('patient_notes')
    .select(['note_id', 'patient_id', 'author_id', 'note'])
    .where('note_id', '=', noteId)
    .executeTakeFirst();
  if (!note) throw notFound(unknownNote(noteId), 'note_id');
  return note;
}

/** Replaces a note's text with its audit row (keeping the text before), in the caller's transaction. */
export async function updateNote(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: Awaited<ReturnType<typeof storedNote>>,
  text: string,
) {
  await trx
    .updateTable('patient_notes')
    .set({ note: text.trim(), updated_at: actor.at })
    .where('note_id', '=', existing.note_id)
    .execute();
  await audit(trx, {
    ...actor,
    action: 'update_patient_note',
    entity: 'patient_note',
    entityId: existing.note_id,
    detail: { before: existing.note },
  });
  return noteById(trx, existing.note_id);
}
