import { DEVICE_KEY_HEADER, ingestReading } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { createIntake } from '../alerts/intake/pipeline.js';
import { IntakeRefusal, type RefusalReason } from '../alerts/intake/refusal.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';

/** The HTTP status of each refusal of the intake. */
const REFUSAL_STATUS: Record<RefusalReason, number> = {
  key_missing: 401,
  key_unknown: 401,
  foreign_device: 403,
  unknown_device: 404,
  invalid: 400,
  not_assigned: 409,
  conflict: 409,
  closed: 503,
};

/**
 * POST /api/ingest/readings (shared/src/api/ingest.ts): one measurement of a device, authenticated by a vendor
 * key. The intake (alerts/intake/) writes it in one transaction with its audit row: the message is recorded
 * once per device and time (unique key, ON CONFLICT DO NOTHING), the readings are stored through recordReadings
 * (the month's billing summary follows), the device's rule in force is checked and values beyond a bound become
 * alerts with a bell notification for each member of the care team, pushed over the hub after the commit.
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
          ? new HttpError(REFUSAL_STATUS[error.reason], error.message, error.field)
          : error;
      });
    return {
      status: 1,
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
