import { addPatientReminder, getPatientReminders, setReminderActive } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { updateInScope } from '../chart/scoped-record.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { addReminder, patientReminders, reminderRecord, setActive } from './reminder-store.js';

/** The Reminder tab's calls (000 §2.3 reminder/{patientId?}/{new?}). */
export function reminderRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientReminders, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return patientReminders(db, query);
  });

  registerCall(app, deps, addPatientReminder, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addPatientReminder, headers['idempotency-key'], who.at, (trx) =>
      addReminder(trx, who, body),
    );
  });

  registerCall(app, deps, setReminderActive, async (call) =>
    updateInScope(deps, call, reminderRecord, setActive),
  );
}
