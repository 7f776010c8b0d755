import {
  ALL_CALLS,
  callQueryString,
  callUrl,
  checkSession,
  generateBillingReport,
  getBillingDetails,
  HUB_EVENTS,
  isAlive,
  loginWithCaptcha,
  type NotificationNewPayload,
  sendNotification,
  setCallStatus,
} from '@rpm/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { registerErrorHandler } from '../http/errors.js';
import { openTab } from '../hub/test-tab.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp, testConfig } from '../test-app.js';
import { relayRoutes } from './relay.js';

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A relay whose upstream is a function: records what is sent and answers what the test says. */
async function relayTo(answer: (sent: Sent) => Response | Promise<Response>, callStatusAuth?: string) {
  const sent: Sent[] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  relayRoutes(app, {
    upstream: 'https://upstream.example/api/',
    callStatusAuth,
    fetch: async (url, init) => {
      const one = {
        url: String(url),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(one);
      return answer(one);
    },
  });
  await app.ready();
  return { app, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const BILLING_PAGE = { status: 1, data: [], columns: ['Setup'], count: 0, total: 0 };
const billing = {
  uid: '7',
  token: 'tok',
  cookie: 'rpm_session=abc',
  month: '11',
  year: '2026',
  practice: '3##',
  search: 'Jos%C3%A9',
};

describe('relay mode (UPSTREAM_API_BASE)', () => {
  it('forwards the call: method, path, query, session headers and cookie, the declared headers, the JSON body', async () => {
    const { app, sent } = await relayTo(() => json(BILLING_PAGE));
    const query = { page: 2, rowsPerPage: 25, orderby: 'patient_name', order: 'desc' } as const;
    const res = await injectCall(app, getBillingDetails, {
      query,
      headers: { ...billing, 'x-unrelated': 'not forwarded', 'x-forwarded-for': '6.6.6.6' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(BILLING_PAGE);
    const [one] = sent;
    expect(one?.url).toBe(`https://upstream.example${callUrl(getBillingDetails)}${callQueryString(query)}`);
    for (const [name, value] of Object.entries(billing)) expect(one?.headers.get(name)).toBe(value);
    expect(one?.headers.get('x-unrelated')).toBeNull();
    expect(one?.headers.get('x-forwarded-for')).toBe('127.0.0.1');

    const signInAnswer = { status: 0, message: 'Invalid Username or Password' };
    const { app: app2, sent: sent2 } = await relayTo(() => json(signInAnswer));
    const body = { username: 'role10@demo.test', password: 'x', captchaToken: 'abc' };
    const login = await injectCall(app2, loginWithCaptcha, { body });
    expect(login.json()).toEqual(signInAnswer);
    expect(sent2[0]?.method).toBe('POST');
    expect(sent2[0]?.body).toEqual(body);
    expect(sent2[0]?.headers.get('content-type')).toBe('application/json');
  });

  it("adds UPSTREAM_CALL_STATUS_AUTH to setCallStatus only, never the browser's authorization (000 §7, issue 14)", async () => {
    const auth = 'Basic dXBzdHJlYW06c2VjcmV0';
    const { app, sent } = await relayTo(
      () => json({ status: 1, message: 'Added Successfully', data: { call_id: 4 } }),
      auth,
    );
    const body = {
      patient_id: 12,
      contract_id: 'c-1',
      phone_number: '+19195550777',
      agent_name: 'Andre Silva',
      status: 'Called',
    } as const;
    const headers = { uid: '7', token: 'tok', cookie: 'rpm_session=abc', authorization: 'Basic stolen' };
    const res = await injectCall(app, setCallStatus, { body, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(sent[0]?.headers.get('authorization')).toBe(auth);
    expect(sent[0]?.body).toEqual(body);
    await injectCall(app, checkSession, { query: { status: 1 }, headers });
    expect(sent[1]?.headers.get('authorization')).toBeNull();
  });

  it('answers bad input with the 400 naming the field, without asking the upstream', async () => {
    const { app, sent } = await relayTo(() => json(BILLING_PAGE));
    const res = await injectUnchecked(app, getBillingDetails, { headers: { ...billing, month: '13' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('month');
    expect(sent).toHaveLength(0);
  });

  it('passes the upstream’s error answers and cookies through, and refuses answers the contract does not allow', async () => {
    const answers = [
      json({ status: 403, message: 'You do not have access to this practice.' }, 403),
      json({ status: 1, data: 'not rows' }),
      new Response('<html>gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      json({ status: 1, message: 'ok' }, 200, { 'set-cookie': 'rpm_session=new; HttpOnly; Path=/' }),
    ];
    const { app } = await relayTo(() => answers.shift() as Response);
    const get = () => injectCall(app, getBillingDetails, { headers: billing });
    const refused = await get();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, message: 'You do not have access to this practice.' });
    const wrongShape = await get();
    expect(wrongShape.statusCode).toBe(502);
    expect(wrongShape.json().message).toBe(
      `The upstream API answered ${getBillingDetails.path} with a 200 answer the contract does not allow.`,
    );
    const html = await get();
    expect(html.statusCode).toBe(502);
    expect(html.json().message).toContain("a 502 answer of type 'text/html'");
    const ended = await injectCall(app, checkSession, {
      query: { status: 0 },
      headers: { uid: '7', token: 'tok' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.headers['set-cookie']).toEqual(['rpm_session=new; HttpOnly; Path=/']);
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const { app } = await relayTo(() => {
      throw new TypeError('fetch failed');
    });
    const res = await injectCall(app, isAlive);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 502, message: "Can't reach the upstream API. Please try again." });
  });
});

describe('relay mode in front of an embedded BFF', () => {
  let upstream: TestApp;
  let relay: FastifyInstance;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    upstream = await startTestApp({ seedPatients: 20 });
    const base = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    relay = await createApp({ config: testConfig({ UPSTREAM_API_BASE: `${base}/api` }) });
    await relay.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await relay?.close();
    await upstream?.close();
  });

  it('offers every call of the contract, as the embedded BFF does', () => {
    for (const call of ALL_CALLS) {
      expect(relay.hasRoute({ method: call.method, url: callUrl(call) }), callUrl(call)).toBe(true);
      expect(upstream.app.hasRoute({ method: call.method, url: callUrl(call) }), callUrl(call)).toBe(true);
    }
  });

  it('signs in through the relay (captcha, session cookie) and reads the billing report and its PDF', async () => {
    const biller = await signIn(relay, 'role10@demo.test');
    const month = { month: '10', year: '2026' };
    const page = await injectCall(
      relay,
      getBillingDetails,
      { query: { rowsPerPage: 10 }, headers: month },
      biller,
    );
    expect(page.statusCode).toBe(200);
    const direct = await injectCall(
      upstream.app,
      getBillingDetails,
      { query: { rowsPerPage: 10 }, headers: month },
      biller,
    );
    expect(page.json()).toEqual(direct.json());
    expect(page.json().data.length).toBeGreaterThan(0);

    const pdf = await injectCall(relay, generateBillingReport, { headers: month }, biller);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="RPM_Billing_Report_2026-10_/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The upstream still decides who may read what: a physician has no billing pages.
    const physician = await signIn(relay, 'role6@demo.test');
    const refused = await injectCall(relay, getBillingDetails, { headers: month }, physician);
    expect(refused.statusCode).toBe(403);
  });

  it('carries the hub: a tab connected through the relay receives its notifications live', async () => {
    const [sender, nurse] = await Promise.all([
      signIn(relay, 'role6@demo.test'),
      signIn(relay, 'role8@demo.test'),
    ]);
    const socket = await openTab(relay, nurse);
    sockets.push(socket);
    const received = new Promise<NotificationNewPayload>((resolve) =>
      socket.once(HUB_EVENTS.notificationNew, resolve),
    );
    const sent = await injectCall(
      relay,
      sendNotification,
      {
        body: { user_id_from: sender.user.user_id, user_id_to: nurse.user.user_id, message: 'Via the relay' },
      },
      sender,
    );
    expect(sent.json().status).toBe(true);
    expect((await received).notification_message).toContain('Via the relay');
  });
});

describe('relay mode keeps PHI out of caches (issue 11 #3)', () => {
  it("answers a call with a session no-store even when the upstream allows caching; a public call keeps the upstream's header", async () => {
    const { app } = await relayTo((sent) =>
      sent.url.endsWith(callUrl(isAlive))
        ? json({ status: 1 }, 200, { 'cache-control': 'public, max-age=60' })
        : json(BILLING_PAGE, 200, { 'cache-control': 'public, max-age=60' }),
    );
    const page = await injectCall(app, getBillingDetails, { headers: billing });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const pub = await injectCall(app, isAlive);
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    await app.close();
  });
});
