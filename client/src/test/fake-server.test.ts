import { callUrl, checkSession, getBillingDetails, isAlive, loginWithCaptcha } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { call, callRaw } from '../api/call';
import { assertFakeServersClean, fakeServer, requestLine } from './fake-server';
import { makeUser, storeUser } from './fixtures';

const login = { username: 'Dana@Clinic.test', password: 'pw', captchaToken: 't' };

describe('fakeServer (issue 12 #5)', () => {
  it('answers a served call and records what was sent', async () => {
    storeUser(makeUser({ user_id: 9, token: 'abc' }));
    const server = fakeServer().on(loginWithCaptcha, ({ body }) => ({
      status: 0,
      message: `no ${body.username}`,
    }));
    expect(await call(loginWithCaptcha, { body: login })).toEqual({
      status: 0,
      message: 'no Dana@Clinic.test',
    });
    expect(server.bodies(loginWithCaptcha)).toEqual([login]);
    expect(server.last(loginWithCaptcha)?.headers).toMatchObject({ uid: '9', token: 'abc' });
    expect(server.lines()).toEqual([requestLine(loginWithCaptcha, { body: login })]);
  });

  it('fails the test on a call no handler serves, naming it', async () => {
    fakeServer();
    await expect(call(isAlive)).rejects.toMatchObject({ status: 404 });
    expect(() => assertFakeServersClean()).toThrow(`no handler serves GET ${callUrl(isAlive)}`);
  });

  it('answers a request the contract refuses with 400 naming the field, and fails the test', async () => {
    fakeServer().on(checkSession, { status: 1, message: 'ok' });
    const error = await call(checkSession, { query: { status: 7 } } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, field: 'status' });
    expect(() => assertFakeServersClean()).toThrow('the contract refuses the query sent');
  });

  it('fails the test when a handler answers what the response schema refuses', async () => {
    fakeServer().on(isAlive, { wrong: true } as never);
    await expect(call(isAlive)).rejects.toBeInstanceOf(ApiError);
    expect(() => assertFakeServersClean()).toThrow('breaks its response schema');
  });

  it('fail() answers the error envelope with its status; offline() rejects like a dead network', async () => {
    fakeServer()
      .fail(isAlive, 409, 'Taken', 'username')
      .offline(checkSession)
      .on(getBillingDetails, () => new Response('raw', { status: 200 }));
    await expect(call(isAlive)).rejects.toMatchObject({ status: 409, message: 'Taken', field: 'username' });
    await expect(call(checkSession, { query: { status: 1 } })).rejects.toMatchObject({ status: 0 });
    const raw = await callRaw(getBillingDetails, { headers: { month: 1, year: 2025 } });
    expect(await raw.text()).toBe('raw');
  });
});
