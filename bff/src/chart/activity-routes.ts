import {
  addTimeEntry,
  deleteTimeEntry,
  getActivityLogs,
  getRunningTimer,
  pauseActivityTimer,
  resumeActivityTimer,
  startActivityTimer,
  stopActivityTimer,
  updateTimeEntry,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import {
  activityLogs,
  ownRunningTimer,
  pauseTimer,
  resumeTimer,
  runningTimer,
  startTimer,
  stopTimer,
} from './activity-store.js';
import { addEntry, deleteEntry, ownManualEntry, updateEntry } from './time-entry-store.js';

/** The activity timer, manual time entries and the activity log of the patient chart (000 §2.3; issue 41 §2). */
export function chartActivityRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, startActivityTimer, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => startTimer(trx, who, body.patient_id, body.program));
    return { data };
  });

  registerCall(app, deps, stopActivityTimer, async ({ body, auth, req }) => {
    const timer = await ownRunningTimer(db, auth.userId, body.timer_id);
    await assertPatientAccess(db, auth, timer.patient_id);
    const who = actor(auth, req.ip, clock.now());
    const { timer_id: _, ...stop } = body;
    const data = await db.transaction().execute((trx) => stopTimer(trx, who, timer, stop));
    return { data };
  });

  for (const [call, change] of [
    [pauseActivityTimer, pauseTimer],
    [resumeActivityTimer, resumeTimer],
  ] as const) {
    registerCall(app, deps, call, async ({ body, auth, req }) => {
      const timer = await ownRunningTimer(db, auth.userId, body.timer_id);
      await assertPatientAccess(db, auth, timer.patient_id);
      const who = actor(auth, req.ip, clock.now());
      return { data: await db.transaction().execute((trx) => change(trx, who, timer)) };
    });
  }

  registerCall(app, deps, getRunningTimer, async ({ auth }) => ({
    data: await runningTimer(db, auth.userId),
  }));

  registerCall(app, deps, getActivityLogs, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return activityLogs(db, query);
  });

  registerCall(app, deps, addTimeEntry, async ({ body, auth, req }) => {
    const { patient_id, ...entry } = body;
    await assertPatientAccess(db, auth, patient_id);
    const who = actor(auth, req.ip, clock.now());
    return { data: await db.transaction().execute((trx) => addEntry(trx, who, patient_id, entry)) };
  });

  registerCall(app, deps, updateTimeEntry, async ({ body, auth, req }) => {
    const { time_log_id, ...entry } = body;
    const row = await ownManualEntry(db, auth.userId, time_log_id);
    await assertPatientAccess(db, auth, row.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return { data: await db.transaction().execute((trx) => updateEntry(trx, who, row, entry)) };
  });

  registerCall(app, deps, deleteTimeEntry, async ({ body, auth, req }) => {
    const row = await ownManualEntry(db, auth.userId, body.time_log_id);
    await assertPatientAccess(db, auth, row.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return { data: await db.transaction().execute((trx) => deleteEntry(trx, who, row)) };
  });
}
