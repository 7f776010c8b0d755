import { DEVICE_KEY_HEADER, ingestReading } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { createIntake } from '../alerts/intake/pipeline.js';
import { IntakeRefusal, type RefusalReason } from '../alerts/intake/refusal.js';
import type { Deps } from '../deps.js';
import { DomainError, type DomainErrorKind } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';

/** The kind of each refusal of the intake (the error handler answers its status). */
const REFUSAL_KIND: Record<RefusalReason, DomainErrorKind> = {
  key_missing: 'unauthenticated',
  key_unknown: 'unauthenticated',
  foreign_device: 'forbidden',
  unknown_device: 'not_found',
  invalid: 'invalid',
  not_assigned: 'conflict',
  conflict: 'conflict',
  closed: 'unavailable',
};

/**
 * POST /api/ingest/readings (shared/src/api/ingest.ts): one measurement, by a vendor key, written by the intake
 * (alerts/intake/) with its audit row, billing summary, alerts and bell notifications.
 */
export function ingestRoutes(app: FastifyInstance, deps: Deps): void {
  const intake = createIntake({ db: deps.db, clock: deps.clock, hub: deps.hub });
  // Before the database closes: the queued measurements are written and answered.
  app.addHook('preClose', async () => intake.close());

  registerCall(app, deps, ingestReading, async ({ headers, body, req }) => {
    const answer = await intake
      .submit({ key: headers[DEVICE_KEY_HEADER], body, ip: req.ip })
      .catch((error) => {
        throw error instanceof IntakeRefusal
          ? new DomainError(REFUSAL_KIND[error.reason], error.message, error.field)
          : error;
      });
    return {
      data: {
        reading_ids: answer.reading_ids,
        duplicate: answer.duplicate,
        alerts: answer.alerts.map(({ alert_id, vital_type, level, direction }) => ({
          alert_id,
          vital_type,
          level,
          direction,
        })),
        device_errors: answer.device_errors,
        device_task_id: answer.device_task_id,
      },
    };
  });
}
