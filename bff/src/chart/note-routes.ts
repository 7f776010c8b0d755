import { addPatientNote, getPatientNotes, updatePatientNote } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { addNote, noteRecord, patientNotes, updateNote } from './note-store.js';
import { updateInScope } from './scoped-record.js';

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

  registerCall(app, deps, updatePatientNote, async (call) =>
    updateInScope(deps, call, noteRecord, (trx, who, existing, body) => {
      // decisions.md "Notes belong to their author".
      if (existing.author_id !== call.auth.userId)
        throw forbidden('Only the author of a note may edit it.', 'note_id');
      return updateNote(trx, who, existing, body);
    }),
  );
}
