import {
  addPatientNote,
  addPatientTask,
  checkSession,
  generateBillingReport,
  getBillingDetails,
  isAlive,
  loginWithCaptcha,
  MSG,
} from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { ApiError } from './api-error';
import { call, callRaw } from './call';

// This file tests call.ts itself: it checks the URLs call.ts builds as literals.
describe('call', () => {
  it('builds the URL with the query and sends the stored user headers and the cookie', async () => {
    storeUser(makeUser({ user_id: 9, token: 'abc' }));
    const { fetch } = fakeServer().on(checkSession, { status: 1, message: 'ok' });

    const answer = await call(checkSession, { query: { status: 1 } });

    expect(answer).toEqual({ status: 1, message: 'ok' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/rpm/checkSession?status=1');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({ uid: '9', token: 'abc' });
  });

  it('sends a JSON body and no session headers without a stored user', async () => {
    const { fetch } = fakeServer().on(loginWithCaptcha, { status: 0, message: 'no' });
    await call(loginWithCaptcha, { body: { username: 'a@b.co', password: 'pw', captchaToken: 't' } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'a@b.co', password: 'pw', captchaToken: 't' });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(init?.headers).not.toHaveProperty('uid');
  });

  it('uses explicit session headers when given', async () => {
    storeUser(makeUser({ user_id: 9 }));
    const { fetch } = fakeServer().on(isAlive, { status: 1, message: 'ok' });
    await call(isAlive, {}, { auth: { uid: 5, token: 'flagged' } });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ uid: '5', token: 'flagged' });
  });

  it('throws ApiError with the envelope and Retry-After for a non-2xx answer', async () => {
    fakeServer().on(isAlive, () =>
      json({ status: 429, message: 'slow down', field: 'username' }, 429, { 'Retry-After': '120' }),
    );
    const error = await call(isAlive).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'slow down', field: 'username', retryAfter: 120 });
  });

  it('falls back to the status text when the error body is not an envelope', async () => {
    fakeServer().on(
      isAlive,
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(call(isAlive)).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('throws status 0 with the cannot-connect text when fetch fails', async () => {
    fakeServer().offline(isAlive);
    await expect(call(isAlive)).rejects.toMatchObject({ status: 0, message: MSG.cantConnect });
  });

  it('rejects a 2xx answer that does not match the contract', async () => {
    // A raw answer: the fake server would refuse to give one the contract does not describe.
    fakeServer().on(isAlive, () => json({ nope: true }));
    await expect(call(isAlive)).rejects.toBeInstanceOf(ApiError);
  });

  it("sends the contract's declared headers as strings, leaving out undefined ones", async () => {
    storeUser(makeUser({ user_id: 9, token: 'abc' }));
    const { fetch } = fakeServer().on(getBillingDetails, {
      status: 1,
      data: [],
      columns: [],
      count: 0,
      total: 0,
    });
    await call(getBillingDetails, {
      query: { page: 2, rowsPerPage: 25 },
      headers: { month: 3, year: 2025, practice: '4', organization: undefined, search: 'ann' },
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/rpm/billing/getBillingDetails?page=2&rowsPerPage=25');
    expect(init?.headers).toEqual({
      accept: 'application/json',
      month: '3',
      year: '2025',
      practice: '4',
      search: 'ann',
      uid: '9',
      token: 'abc',
    });
  });

  it('keeps the session headers over a same-named declared header', async () => {
    storeUser(makeUser({ user_id: 9, token: 'abc' }));
    const { fetch } = fakeServer().on(getBillingDetails, {
      status: 1,
      data: [],
      columns: [],
      count: 0,
      total: 0,
    });
    const headers = { month: 1, year: 2025, uid: '1', token: 'forged' };
    await call(getBillingDetails, { headers });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ uid: '9', token: 'abc' });
  });

  it.each([
    ['a character outside Latin-1', 'Ωmega'],
    ['a line break', 'a\r\nx-evil: 1'],
  ])('refuses a header value with %s before fetching, naming the header', async (_, search) => {
    const { fetch } = fakeServer();
    const error = await call(getBillingDetails, { headers: { month: 1, year: 2025, search } }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, field: 'search' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('callRaw gives the unread 2xx response of a file call', async () => {
    fakeServer().on(
      generateBillingReport,
      () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="a.pdf"',
          },
        }),
    );
    const response = await callRaw(generateBillingReport, { headers: { month: 1, year: 2025 } });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"');
    expect(await response.text()).toBe('%PDF-1.7');
  });

  it('callRaw throws the error envelope of a failed file call', async () => {
    fakeServer().fail(generateBillingReport, 403, 'Practice not in your scope');
    await expect(callRaw(generateBillingReport, { headers: { month: 1, year: 2025 } })).rejects.toMatchObject(
      {
        status: 403,
        message: 'Practice not in your scope',
      },
    );
  });

  // Issue 44: every creation carries its Idempotency-Key. The type checker refuses a call site without one
  // (CallRequest), and a call that slips past it (a cast) is refused here before anything is sent.
  it.each([
    ['addPatientNote', addPatientNote, { patient_id: 3, note: 'Called the patient' }],
    ['addPatientTask', addPatientTask, { patient_id: 3, assigned_to: 8, title: 'Call back' }],
  ] as const)('never sends %s without an Idempotency-Key', async (_, def, body) => {
    storeUser(makeUser({ user_id: 9 }));
    const { fetch } = fakeServer();
    // @ts-expect-error: the headers with the key are required by the type.
    await expect(call(def, { body })).rejects.toThrow(/send its Idempotency-Key/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rejects with the caller's abort when it comes while the answer's body is read, never as an unexpected answer", async () => {
    storeUser(makeUser({ user_id: 9 }));
    for (const status of [200, 500]) {
      const controller = new AbortController();
      // The headers arrived; the abort cuts the body off, and reading it rejects as fetch's does.
      const cut = new ReadableStream({
        pull(stream) {
          controller.abort();
          stream.error(new DOMException('The operation was aborted.', 'AbortError'));
        },
      });
      fakeServer().on(isAlive, () => new Response(cut, { status }));
      const error = await call(isAlive, {}, { signal: controller.signal }).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(ApiError);
      expect((error as DOMException).name).toBe('AbortError');
    }
  });
});
