import {
  getMessageTemplates,
  getPatientMessages,
  MSG,
  receiveSms,
  SMS_KEY_HEADER,
  sendPatientMessage,
  smsDeliveryStatus,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { unauthenticated } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { once } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { deliveryReport, providerKeyValid, receiveInbound } from './inbound-store.js';
import { createReminderJob } from './reminder-job.js';
import { reminderRoutes } from './reminder-routes.js';
import { createSmsAdapter, deliver } from './sms-adapter.js';
import { addOutbound, messageById, messageTemplates, type OutgoingSms, patientMessages } from './store.js';

/** The chart's Messages and Reminder tabs (000 §2.3), the SMS webhooks, and with `jobs` the reminder job. */
export function messageRoutes(app: FastifyInstance, deps: Deps, opts: { jobs: boolean }): void {
  const { db, clock } = deps;
  const sms = createSmsAdapter(deps.config, db, clock);

  registerCall(app, deps, getMessageTemplates, async () => ({ data: await messageTemplates(db) }));

  registerCall(app, deps, getPatientMessages, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return patientMessages(db, query);
  });

  registerCall(app, deps, sendPatientMessage, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    let fresh: OutgoingSms | undefined;
    const answer = await once(
      db,
      auth.userId,
      sendPatientMessage,
      headers['idempotency-key'],
      who.at,
      async (trx) => {
        fresh = await addOutbound(trx, who, who.at, {
          patientId: body.patient_id,
          body: body.body,
          templateId: body.template_id,
          minutes: body.minutes,
          program: body.program,
        });
        return { message: MSG.addedSuccessfully, data: await messageById(trx, fresh.messageId) };
      },
    );
    // After the commit: the text leaves only once the message and its audit row are stored; a retry sends nothing.
    if (fresh) await deliver(db, sms, clock, fresh);
    return { ...answer, data: await messageById(db, answer.data.message_id) };
  });

  const checkKey = async (key: string | undefined) => {
    if (!(await providerKeyValid(db, key)))
      throw unauthenticated(`A valid SMS provider key is required in ${SMS_KEY_HEADER}.`, SMS_KEY_HEADER);
  };

  registerCall(app, deps, receiveSms, async ({ headers, body }) => {
    await checkKey(headers[SMS_KEY_HEADER]);
    const data = await db.transaction().execute((trx) => receiveInbound(trx, body, clock.now()));
    return { data };
  });

  registerCall(app, deps, smsDeliveryStatus, async ({ headers, body }) => {
    await checkKey(headers[SMS_KEY_HEADER]);
    await deliveryReport(db, body, clock.now());
    return { message: MSG.updatedSuccessfully };
  });

  reminderRoutes(app, deps);
  if (opts.jobs) {
    const job = createReminderJob({ db, clock, sms, log: app.log });
    app.addHook('onReady', async () => job.start());
    app.addHook('preClose', async () => job.stop());
  }
}
