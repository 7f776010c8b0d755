import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getMessageTemplates,
  getPatientMessages,
  MESSAGE_STATUS_TEXT,
  receiveSms,
  SMS_KEY_HEADER,
  sendPatientMessage,
  smsDeliveryStatus,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartWorld } from '../chart/chart-test-world.js';
import { DEMO_SMS_KEY } from '../db/seed/index.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { startMessagesWorld, TEST_MOBILE_E164 } from './messages-test-world.js';
import { createSmsAdapter } from './sms-adapter.js';
import { recordOutcome } from './store.js';

let w: ChartWorld;
beforeAll(async () => {
  w = await startMessagesWorld();
});
afterAll(async () => w.t.close());

const thread = async () =>
  (await injectCall(w.t.app, getPatientMessages, { query: { patient_id: w.patient } }, w.nurse)).json();
const inbound = (body: { from: string; body: string; provider_message_id: string }, key = DEMO_SMS_KEY) =>
  injectCall(w.t.app, receiveSms, { body, headers: { [SMS_KEY_HEADER]: key } });

describe('messages (issue 13)', () => {
  it('lists the Messages Categories with their templates', async () => {
    const res = await injectCall(w.t.app, getMessageTemplates, {}, w.nurse);
    const names = res.json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Appointments', 'Device Support', 'General', 'Medication', 'Reading Reminders']);
    const reading = res.json().data.find((c: { name: string }) => c.name === 'Reading Reminders');
    expect(reading.templates.map((t: { title: string }) => t.title)).toEqual([
      'Daily reading',
      'Missed reading',
    ]);
  });

  it('sends from a template into the outbox when no provider is configured, logs the minutes, once per key', async () => {
    const templates = (await injectCall(w.t.app, getMessageTemplates, {}, w.nurse)).json().data;
    const template = templates[0].templates[0];
    const before = await rowCounts(w.t.db, ['patient_messages', 'sms_outbox', 'audit_log', 'time_logs']);
    const send = () =>
      injectCall(
        w.t.app,
        sendPatientMessage,
        {
          body: {
            patient_id: w.patient,
            body: 'Hello Ann, see you Monday.',
            template_id: template.template_id,
            minutes: 3,
          },
          headers: { 'idempotency-key': 'send-key-0001' },
        },
        w.nurse,
      );
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      direction: 'out',
      body: 'Hello Ann, see you Monday.',
      phone: TEST_MOBILE_E164,
      status: 'not_sent',
      status_detail: 'Not sent: no SMS provider configured',
      template_id: template.template_id,
      sender_name: 'Grace Kim', // role8@demo.test
    });
    const again = await send();
    expect(again.json().data.message_id).toBe(res.json().data.message_id);
    expect(await rowCounts(w.t.db, ['patient_messages', 'sms_outbox', 'audit_log', 'time_logs'])).toEqual({
      patient_messages: before.patient_messages + 1,
      sms_outbox: before.sms_outbox + 1,
      audit_log: before.audit_log + 1,
      time_logs: before.time_logs + 1,
    });
    const outbox = await w.t.db
      .selectFrom('sms_outbox')
      .selectAll()
      .orderBy('outbox_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ phone: TEST_MOBILE_E164, body: 'Hello Ann, see you Monday.' });
    const log = await w.t.db
      .selectFrom('time_logs')
      .selectAll()
      .orderBy('time_log_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      patient_id: w.patient,
      program: 'RPM',
      seconds: 180,
      user_id: w.nurse.user.user_id,
    });
    expect((await thread()).data[0].status_detail).toBe(MESSAGE_STATUS_TEXT.not_sent);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['an empty message', { body: '   ' }, 400, 'body'],
    ['a message over 480 characters', { body: 'x'.repeat(481) }, 400, 'body'],
    ['an unknown template', { template_id: 999_999 }, 400, 'template_id'],
    ['more than 60 minutes', { minutes: 61 }, 400, 'minutes'],
    ['a patient outside the practice', { patient_id: -1 }, 404, 'patient_id'],
    ['a patient without a mobile number', { patient_id: -2 }, 400, 'patient_id'],
  ])('refuses %s and writes nothing', async (_, change, status, field) => {
    const body = { patient_id: w.patient, body: 'Hello', ...change };
    if (change.patient_id === -1) body.patient_id = w.foreign;
    if (change.patient_id === -2) {
      body.patient_id = w.patient;
      await w.t.db
        .updateTable('patients')
        .set({ mobile: null })
        .where('patient_id', '=', w.patient)
        .execute();
    }
    const tables = ['patient_messages', 'sms_outbox', 'audit_log', 'time_logs'] as const;
    const before = await rowCounts(w.t.db, tables);
    const res = await injectUnchecked(w.t.app, sendPatientMessage, { body }, w.nurse);
    if (change.patient_id === -2)
      await w.t.db
        .updateTable('patients')
        .set({ mobile: TEST_MOBILE_E164 })
        .where('patient_id', '=', w.patient)
        .execute();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('takes inbound texts with the provider key only, once, into the thread of the patient with that mobile', async () => {
    const text = { from: '+1 202 555 0277', body: 'Cuff is working again', provider_message_id: 'in-1' };
    expect((await inbound(text, '')).statusCode).toBe(401);
    expect((await inbound(text, 'sk_wrong_key_000000000000000000000')).statusCode).toBe(401);
    const res = await inbound(text);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ matched: true, duplicate: false });
    expect((await inbound(text)).json().data).toMatchObject({
      message_id: res.json().data.message_id,
      duplicate: true,
    });
    expect((await thread()).data[0]).toMatchObject({
      direction: 'in',
      body: 'Cuff is working again',
      status: 'received',
    });
    const stranger = await inbound({
      from: '+13125550299',
      body: 'Who is this?',
      provider_message_id: 'in-2',
    });
    expect(stranger.json().data).toMatchObject({ matched: false, duplicate: false });
  });

  it('sends through an HTTP provider and takes its delivery report', async () => {
    const seen: { auth?: string | undefined; body: unknown }[] = [];
    let answer = 200;
    const server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(answer, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `prov-${seen.length}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      const adapter = createSmsAdapter(
        { SMS_PROVIDER_URL: url, SMS_PROVIDER_TOKEN: 'tok' },
        w.t.db,
        w.t.clock,
      );
      const sms = { messageId: (await thread()).data.at(-1).message_id, to: TEST_MOBILE_E164, body: 'Hi' };
      const outcome = await adapter.send(sms);
      expect(outcome).toEqual({ status: 'queued', providerMessageId: 'prov-1', detail: null });
      expect(seen[0]).toEqual({
        auth: 'Bearer tok',
        body: { to: TEST_MOBILE_E164, body: 'Hi', reference: String(sms.messageId) },
      });
      answer = 500;
      expect(await adapter.send(sms)).toMatchObject({
        status: 'failed',
        detail: 'The SMS provider refused the message (HTTP 500).',
      });

      await recordOutcome(w.t.db, sms.messageId, outcome, w.t.clock.now());
      const report = (body: object, key = DEMO_SMS_KEY) =>
        injectCall(w.t.app, smsDeliveryStatus, { body: body as never, headers: { [SMS_KEY_HEADER]: key } });
      expect((await report({ provider_message_id: 'prov-1', status: 'delivered' }, 'nope')).statusCode).toBe(
        401,
      );
      expect((await report({ provider_message_id: 'prov-1', status: 'delivered' })).statusCode).toBe(200);
      const delivered = (await thread()).data.find(
        (m: { message_id: number }) => m.message_id === sms.messageId,
      );
      expect(delivered).toMatchObject({ status: 'delivered', status_detail: null });
      expect((await report({ provider_message_id: 'unknown', status: 'failed' })).statusCode).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
