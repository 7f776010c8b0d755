import { incomingMessagesList, receiveSms, SMS_KEY_HEADER, sendPatientMessage } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartWorld } from '../chart/chart-test-world.js';
import { DEMO_SMS_KEY } from '../db/seed/index.js';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { startMessagesWorld, TEST_MOBILE_E164 } from './messages-test-world.js';

let w: ChartWorld;
/** Role 10, a Northwind biller: holds 'Billing Utility' (000 §2.4) and sees Northwind's patients only. */
let biller: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  w = await startMessagesWorld();
  biller = await signIn(w.t.app, 'role10@demo.test');
  await w.t.db
    .updateTable('patients')
    .set({ mobile: '(303) 555-0188' })
    .where('patient_id', '=', w.foreign)
    .execute();
  const texts = [
    { from: TEST_MOBILE_E164, body: 'Own patient: cuff works now', provider_message_id: 'in-own-1' },
    { from: '+13035550188', body: 'Foreign patient: thanks', provider_message_id: 'in-foreign-1' },
    { from: '+14155550100', body: 'Unknown number: who is this?', provider_message_id: 'in-unknown-1' },
  ];
  for (const body of texts)
    await injectUnchecked(w.t.app, receiveSms, { body, headers: { [SMS_KEY_HEADER]: DEMO_SMS_KEY } });
});
afterAll(async () => w.t.close());

const bodies = async (as: { headers: Record<string, string> }, query: Record<string, string> = {}) => {
  const res = await injectUnchecked(w.t.app, incomingMessagesList.calls.list, { query }, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { body: string }[]).map((row) => row.body);
};

describe('Incoming Messages (000 §2.4 incoming-messages; issue 13)', () => {
  it('shows a biller the texts of the patients in scope only, not those of unknown numbers', async () => {
    const shown = await bodies(biller, { search: 'patient' });
    expect(shown).toContain('Own patient: cuff works now');
    expect(shown).not.toContain('Foreign patient: thanks');
    expect(await bodies(biller, { search: 'unknown' })).toEqual([]);
  });

  it('shows role 1 every text, the unknown number without a patient', async () => {
    const res = await injectUnchecked(
      w.t.app,
      incomingMessagesList.calls.list,
      { query: { search: 'unknown number' } },
      w.admin,
    );
    expect(res.json().data).toEqual([
      expect.objectContaining({
        body: 'Unknown number: who is this?',
        phone: '+14155550100',
        patient_id: null,
        patient_name: null,
      }),
    ]);
    expect(await bodies(w.admin, { search: 'foreign' })).toEqual(['Foreign patient: thanks']);
  });

  it('is closed to a nurse, whose access list has no Billing Utility (000 §2.4)', async () => {
    const res = await injectUnchecked(w.t.app, incomingMessagesList.calls.list, { query: {} }, w.nurse);
    expect(res.statusCode).toBe(403);
  });

  it('marks a text Awaiting reply until someone of the care team texts the number, and filters by it', async () => {
    const reply = async (query: Record<string, string>) => {
      const res = await injectUnchecked(
        w.t.app,
        incomingMessagesList.calls.list,
        { query: { search: 'cuff works', ...query } },
        biller,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { reply: string }[]).map((row) => row.reply);
    };
    expect(await reply({})).toEqual(['Awaiting reply']);
    expect(await reply({ reply: 'awaiting' })).toEqual(['Awaiting reply']);
    expect(await reply({ reply: 'replied' })).toEqual([]);

    w.t.clock.advance(60_000);
    const sent = await injectCall(
      w.t.app,
      sendPatientMessage,
      {
        body: { patient_id: w.patient, body: 'Good to hear, thank you.' },
        headers: { 'idempotency-key': 'reply-key-0001' },
      },
      w.nurse,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await reply({})).toEqual(['Replied']);
    expect(await reply({ reply: 'awaiting' })).toEqual([]);
    expect(await reply({ reply: 'replied' })).toEqual(['Replied']);
  });
});
