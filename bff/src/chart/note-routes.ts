import { addPatientNote, getPatientNotes, MSG, updatePatientNote } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { once } from '../http/idempotency.js';
import { actor, fullName } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';

/** The notes of the patient chart (000 §2.3 Notes tab; issue 5 part 6). */
export function chartNoteRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  const noteDto = (n: {
    note_id: number;
    note: string;
    author_id: number;
    firstname: string;
    lastname: string;
    created_at: Date;
    updated_at: Date;
  }) => ({
    note_id: n.note_id,
    note: n.note,
    author_id: n.author_id,
    author_name: fullName(n.firstname, n.lastname),
    created_at: n.created_at.toISOString(),
    updated_at: n.updated_at.toISOString(),
  });
  const noteQuery = (d: Db) =>
    d
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

  registerCall(app, deps, getPatientNotes, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
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
    return { status: 1, count: Number(count.n), data: rows.map(noteDto) };
  });

  registerCall(app, deps, addPatientNote, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const now = clock.now();
    return once(db, auth.userId, addPatientNote, headers['idempotency-key'], now, async (trx) => {
      const row = await trx
        .insertInto('patient_notes')
        .values({
          patient_id: body.patient_id,
          author_id: auth.userId,
          acting_user_id: auth.session.actingUserId,
          note: body.note.trim(),
          created_at: now,
          updated_at: now,
        })
        .returning('note_id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'add_patient_note',
        entity: 'patient_note',
        entityId: row.note_id,
        detail: { patient_id: body.patient_id },
      });
      const note = await noteQuery(trx).where('n.note_id', '=', row.note_id).executeTakeFirstOrThrow();
      return { status: 1, message: MSG.addedSuccessfully, data: noteDto(note) };
    });
  });

  registerCall(app, deps, updatePatientNote, async ({ body, auth, req }) => {
    const existing = await db
      .selectFrom('patient_notes')
      .select(['note_id', 'patient_id', 'author_id', 'note'])
      .where('note_id', '=', body.note_id)
      .executeTakeFirst();
    if (!existing) throw new HttpError(404, `Note ${body.note_id} does not exist.`, 'note_id');
    await assertPatientAccess(
      db,
      auth,
      existing.patient_id,
      'note_id',
      `Note ${body.note_id} does not exist.`,
    );
    // A note is its author's statement: others add their own note rather than edit it (the spec is silent).
    if (existing.author_id !== auth.userId)
      throw new HttpError(403, 'Only the author of a note may edit it.', 'note_id');
    const now = clock.now();
    const note = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('patient_notes')
        .set({ note: body.note.trim(), updated_at: now })
        .where('note_id', '=', body.note_id)
        .execute();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'update_patient_note',
        entity: 'patient_note',
        entityId: body.note_id,
        detail: { before: existing.note },
      });
      return noteQuery(trx).where('n.note_id', '=', body.note_id).executeTakeFirstOrThrow();
    });
    return { status: 1, message: MSG.updatedSuccessfully, data: noteDto(note) };
  });
}
