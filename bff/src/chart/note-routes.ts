import { addPatientNote, getPatientNotes, MSG, updatePatientNote } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { addNote, patientNotes, storedNote, unknownNote, updateNote } from './note-store.js';

/** The notes of the patient chart (000 §2.3 Notes tab). */
export function chartNoteRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientNotes, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return patientNotes(db, query);
  });

  registerCall(app, deps, addPatientNote, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addPatientNote, headers['idempotency-key'], who.at, (trx) =>
      addNote(trx, who, body.patient_id, body.note),
    );
  });

  registerCall(app, deps, updatePatientNote, async ({ body, auth, req }) => {
    const existing = await storedNote(db, body.note_id);
    await assertPatientAccess(db, auth, existing.patient_id, 'note_id', unknownNote(body.note_id));
    // decisions.md "Notes belong to their author".
    if (existing.author_id !== auth.userId)
      throw forbidden('Only the author of a note may edit it.', 'note_id');
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => updateNote(trx, who, existing, body.note));
    return { message: MSG.updatedSuccessfully, data };
  });
}
