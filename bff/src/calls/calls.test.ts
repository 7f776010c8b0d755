// Over 300 lines: the softphone's five calls share one seeded database and its agent.
import {
  endCall,
  getActivityLogs,
  getPatientIdByMobile,
  isoDay,
  logCallMinutes,
  NOT_THE_CALLER,
  setCallPatient,
  setCallStatus,
  temporaryLogin,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeElsewhere, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

/** The softphone's four calls (000 §4.9, §7): access, scope, bad input, audit, idempotency, minutes. */

type Signed = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
/** agent@demo.test: role 8 with a call link (Northwind). */
let agent: Signed;
/** role10@demo.test: a biller, neither the 'Aws Call' page nor a call link. */
let biller: Signed;
let patient: number;
let foreign: number;
let contact = 0;

const MOBILE = '+19195550777';
const PHONE = '+19195550778';
const FOREIGN_MOBILE = '+19195550779';
const nextContact = () => `contact-${++contact}`;

const status = (body: Record<string, unknown>, who: Signed = agent) =>
  injectUnchecked(t.app, setCallStatus, { body }, who);
const callBody = (over: Record<string, unknown> = {}) => ({
  patient_id: patient,
  contract_id: nextContact(),
  phone_number: MOBILE,
  agent_name: 'Andre Silva',
  status: 'Accepted',
  ...over,
});
const written = () => rowCounts(t.db, ['call_records', 'audit_log', 'time_logs']);

beforeAll(async () => {
  t = await startTestApp({ now: new Date(`${isoDay(new Date())}T12:00:00Z`) });
  agent = await signIn(t.app, 'agent@demo.test');
  biller = await signIn(t.app, 'role10@demo.test');
  const place = await placeOf(t.db, agent.user.user_id);
  patient = await makePatient(t.db, place);
  foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
  await t.db
    .updateTable('patients')
    .set({ mobile: '(919) 555-0777', phone: '919.555.0778' })
    .where('patient_id', '=', patient)
    .execute();
  await t.db
    .updateTable('patients')
    .set({ mobile: '9195550779' })
    .where('patient_id', '=', foreign)
    .execute();
}, 60_000);
afterAll(async () => t?.close());

describe('who may use the softphone calls (000 §2.12, §6.2)', () => {
  it('refuses a user without the Aws Call page or a call link with 403, and lets a call link in', async () => {
    const before = await written();
    const res = await status(callBody(), biller);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You do not have access to 'Aws Call'.");
    const lookup = await injectCall(t.app, getPatientIdByMobile, { query: { mobileNumber: MOBILE } }, biller);
    expect(lookup.statusCode).toBe(403);
    expect(await written()).toEqual(before);
    await t.db
      .updateTable('users')
      .set({ aws_link: 'https://example.my.connect.aws/ccp-v2' })
      .where('user_id', '=', biller.user.user_id)
      .execute();
    const linked = await injectCall(t.app, getPatientIdByMobile, { query: { mobileNumber: MOBILE } }, biller);
    // In now: the patient is of a Northwind practice the biller belongs to too.
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toEqual({ patient_id: patient });
    await t.db
      .updateTable('users')
      .set({ aws_link: null })
      .where('user_id', '=', biller.user.user_id)
      .execute();
  });

  it('lets a temporary login in (000 §6.2), as the user logged in as', async () => {
    const admin = await signIn(t.app, 'role1@demo.test');
    const body = {
      username: 'role10@demo.test',
      password: '',
      is_dummy: 1,
      user_id: admin.user.user_id,
      user_token: admin.user.token,
    };
    const res = await injectUnchecked(t.app, temporaryLogin, { body }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'rpm_session');
    const headers = {
      uid: String(res.json().user.user_id),
      token: res.json().user.token,
      cookie: `rpm_session=${cookie?.value}`,
    };
    const lookup = await injectCall(
      t.app,
      getPatientIdByMobile,
      { query: { mobileNumber: MOBILE } },
      { headers },
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    // The biller's own session, without a call link, is still refused.
    expect((await status(callBody(), biller)).statusCode).toBe(403);
  });
});

describe('getPatientIdByMobile (000 §7)', () => {
  const lookup = (mobileNumber: string) =>
    injectUnchecked(t.app, getPatientIdByMobile, { query: { mobileNumber } }, agent);

  it("finds the patient by mobile or phone, with or without +1, among the agent's patients", async () => {
    for (const number of [MOBILE, '9195550777', '19195550777', PHONE.slice(2)]) {
      const res = await lookup(number);
      expect(res.statusCode, number).toBe(200);
      expect(res.json().data).toEqual({ patient_id: patient });
    }
  });

  it("answers a foreign patient's number as an unknown one: 404 naming mobileNumber", async () => {
    for (const number of [FOREIGN_MOBILE, '+12125550000']) {
      const res = await lookup(number);
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe('mobileNumber');
    }
  });

  it('refuses a malformed number with 400 naming mobileNumber', async () => {
    for (const number of ['12ab', '555-0777', '+4412345678901', '']) {
      const res = await lookup(number);
      expect(res.statusCode, number).toBe(400);
      expect(res.json().field).toBe('mobileNumber');
    }
  });
});

describe('setCallStatus (000 §4.9, §7)', () => {
  it('records the outcome with its audit row, once per agent, contact and status', async () => {
    const before = await written();
    const body = callBody({ status: 'Missed' });
    const first = await status(body);
    expect(first.statusCode, first.body).toBe(200);
    const callId = first.json().data.call_id;
    const again = await status(body);
    expect(again.json().data.call_id).toBe(callId);
    const after = await written();
    expect(after.call_records).toBe(before.call_records + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);
    const row = await t.db
      .selectFrom('call_records')
      .selectAll()
      .where('call_id', '=', callId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      patient_id: patient,
      agent_user_id: agent.user.user_id,
      contact_id: body.contract_id,
      direction: 'inbound',
      outcome: 'Missed',
      kind: 'regular',
      duration_seconds: 0,
    });
    const auditRow = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'call_record')
      .where('entity_id', '=', String(callId))
      .executeTakeFirstOrThrow();
    expect(auditRow).toEqual({ action: 'record_call_status', user_id: agent.user.user_id });
  });

  it('records a caller no patient has the number of, without a patient', async () => {
    const res = await status(callBody({ patient_id: null, phone_number: '+12125550000' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses bad input with 4xx naming the field and writes nothing', async () => {
    const before = await written();
    const { agent_name: _dropped, ...noName } = callBody();
    const cases: [Record<string, unknown>, number, string][] = [
      [callBody({ status: 'Voicemail' }), 400, 'status'],
      [callBody({ phone_number: '9195550777' }), 400, 'phone_number'],
      [callBody({ contract_id: '  ' }), 400, 'contract_id'],
      [noName, 400, 'agent_name'],
      [callBody({ patient_id: foreign }), 404, 'patient_id'],
      [callBody({ patient_id: 999_999 }), 404, 'patient_id'],
    ];
    for (const [body, code, field] of cases) {
      const res = await status(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code);
      expect(res.json().field).toBe(field);
    }
    expect(await written()).toEqual(before);
  });

  it("an outbound call returns the open inbound calls of its number (the missed-history's 'Returned')", async () => {
    const missed = (await status(callBody({ status: 'Missed', phone_number: PHONE }))).json().data.call_id;
    t.clock.advance(60_000);
    const called = (await status(callBody({ status: 'Called', phone_number: PHONE }))).json().data.call_id;
    const row = await t.db
      .selectFrom('call_records')
      .select(['returned_by_call_id', 'direction'])
      .where('call_id', '=', missed)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ returned_by_call_id: called, direction: 'inbound' });
  });
});

describe('setCallPatient (issue 38 §2)', () => {
  const name = (body: Record<string, unknown>, who: Signed = agent) =>
    injectUnchecked(t.app, setCallPatient, { body }, who);
  const stored = async (contactId: string) =>
    (
      await t.db
        .selectFrom('call_records')
        .select('patient_id')
        .where('contact_id', '=', contactId)
        .executeTakeFirstOrThrow()
    ).patient_id;

  it('names the patient chosen after the call was recorded, once, with an audit row', async () => {
    const body = callBody({ patient_id: null });
    expect((await status(body)).statusCode).toBe(200);
    const before = await written();
    const res = await name({ contract_id: body.contract_id, patient_id: patient });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(body.contract_id)).toBe(patient);
    expect((await written()).audit_log).toBe(before.audit_log + 1);
    // A record that names a patient keeps it.
    expect((await name({ contract_id: body.contract_id, patient_id: patient })).statusCode).toBe(200);
    expect((await written()).audit_log).toBe(before.audit_log + 1);
  });

  it("refuses a patient without the caller's number, a foreign patient, an unknown contact and bad input", async () => {
    const body = callBody({ patient_id: null, phone_number: '+12125550001' });
    expect((await status(body)).statusCode).toBe(200);
    const before = await written();
    const other = await name({ contract_id: body.contract_id, patient_id: patient });
    expect([other.statusCode, other.json().field, other.json().message]).toEqual([
      400,
      'patient_id',
      NOT_THE_CALLER,
    ]);
    const outside = await name({ contract_id: body.contract_id, patient_id: foreign });
    expect([outside.statusCode, outside.json().field]).toEqual([404, 'patient_id']);
    const unknown = await name({ contract_id: 'no-such-contact', patient_id: patient });
    expect([unknown.statusCode, unknown.json().field]).toEqual([404, 'contract_id']);
    const bad = await name({ contract_id: '', patient_id: patient });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'contract_id']);
    expect((await name({ contract_id: body.contract_id, patient_id: patient }, biller)).statusCode).toBe(403);
    expect(await written()).toEqual(before);
    expect(await stored(body.contract_id)).toBeNull();
  });
});

describe('endCall and logCallMinutes (issue 14 §2)', () => {
  const end = (contract_id: string) => injectCall(t.app, endCall, { body: { contract_id } }, agent);
  const logMinutes = (call_id: number, program: 'RPM' | 'CCM', who: Signed = agent) =>
    injectCall(t.app, logCallMinutes, { body: { call_id, program } }, who);

  it("measures the duration on the server's clock and logs it once into the patient's activity log", async () => {
    const body = callBody({ status: 'Called' });
    const callId = (await status(body)).json().data.call_id;
    const early = await logMinutes(callId, 'CCM');
    expect(early.statusCode).toBe(409);
    t.clock.advance(95_000);
    const ended = await end(body.contract_id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toEqual({ call_id: callId, duration_seconds: 95 });
    t.clock.advance(30_000);
    expect((await end(body.contract_id)).json().data.duration_seconds).toBe(95);

    const before = await written();
    const logged = await logMinutes(callId, 'CCM');
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().data).toEqual({ minutes: 2 });
    expect((await logMinutes(callId, 'CCM')).json().data).toEqual({ minutes: 2 });
    const other = await logMinutes(callId, 'RPM');
    expect(other.statusCode).toBe(409);
    expect(other.json().field).toBe('program');
    const after = await written();
    expect(after.time_logs).toBe(before.time_logs + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);

    const today = isoDay(t.clock.now());
    const logs = await injectCall(
      t.app,
      getActivityLogs,
      { query: { patient_id: patient, from: today, to: today } },
      agent,
    );
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().data[0]).toMatchObject({ program: 'CCM', seconds: 95, user_id: agent.user.user_id });
    expect(logs.json().totals).toMatchObject({ CCM: 95 });
  });

  it("answers another agent's call, an unknown contact and a call of no length as refusals", async () => {
    const callId = (await status(callBody({ status: 'Missed' }))).json().data.call_id;
    const none = await logMinutes(callId, 'RPM');
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('call_id');
    const nurse = await signIn(t.app, 'role8@demo.test');
    const theirs = await logMinutes(callId, 'RPM', nurse);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().field).toBe('call_id');
    const unknown = await end('no-such-contact');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('contract_id');
  });
});
