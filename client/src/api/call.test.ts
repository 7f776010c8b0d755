import { checkSession, isAlive, loginWithCaptcha, MSG } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, storeUser } from '../test/fixtures';
import { ApiError } from './api-error';
import { call } from './call';

describe('call', () => {
  it('builds the URL with the query and sends the stored user headers and the cookie', async () => {
    storeUser(makeUser({ user_id: 9, token: 'abc' }));
    const fetch = mockFetch(() => json({ status: 1, message: 'ok' }));

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
    const fetch = mockFetch(() => json({ status: 0, message: 'no' }));
    await call(loginWithCaptcha, { body: { username: 'a@b.co', password: 'pw', captchaToken: 't' } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'a@b.co', password: 'pw', captchaToken: 't' });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(init?.headers).not.toHaveProperty('uid');
  });

  it('uses explicit session headers when given', async () => {
    storeUser(makeUser({ user_id: 9 }));
    const fetch = mockFetch(() => json({ status: 1, message: 'ok' }));
    await call(isAlive, {}, { auth: { uid: 5, token: 'flagged' } });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ uid: '5', token: 'flagged' });
  });

  it('throws ApiError with the envelope and Retry-After for a non-2xx answer', async () => {
    mockFetch(() =>
      json({ status: 429, message: 'slow down', field: 'username' }, 429, { 'Retry-After': '120' }),
    );
    const error = await call(isAlive).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'slow down', field: 'username', retryAfter: 120 });
  });

  it('falls back to the status text when the error body is not an envelope', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(call(isAlive)).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('throws status 0 with the cannot-connect text when fetch fails', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(isAlive)).rejects.toMatchObject({ status: 0, message: MSG.cantConnect });
  });

  it('rejects a 2xx answer that does not match the contract', async () => {
    mockFetch(() => json({ nope: true }));
    await expect(call(isAlive)).rejects.toBeInstanceOf(ApiError);
  });
});
