import { checkSession, getUnreadCount } from '@rpm/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { ApiError } from './api-error';
import { call, prefetchCall } from './call';

afterEach(() => vi.useRealTimers());

// Calls made ahead (call.ts prefetchCall; decisions.md "Start calls at sign-in"). Each test uses
// a user of its own: an answer made ahead and not taken stays for its 10 s.
describe('prefetchCall', () => {
  it("gives its answer to the first call with the same input and session, made in that user's session", async () => {
    const user = makeUser({ user_id: 61, token: 'tok-61' });
    const server = fakeServer().on(getUnreadCount, { status: 1, data: [{ count: 4 }] });
    prefetchCall(getUnreadCount, { query: { user_id: 61 } }, user); // nobody is stored yet: the answer just came
    expect(server.all).toHaveLength(1);
    expect(server.last(getUnreadCount)?.headers).toMatchObject({ uid: '61', token: 'tok-61' });

    storeUser(user);
    expect(await call(getUnreadCount, { query: { user_id: 61 } })).toEqual({
      status: 1,
      data: [{ count: 4 }],
    });
    expect(server.all).toHaveLength(1);

    // Taken once: the next call asks the server.
    await call(getUnreadCount, { query: { user_id: 61 } });
    expect(server.all).toHaveLength(2);
  });

  it('is not given to a call with another input or in another session', async () => {
    const server = fakeServer().on(getUnreadCount, { status: 1, data: [{ count: 1 }] });
    prefetchCall(getUnreadCount, { query: { user_id: 62 } }, makeUser({ user_id: 62, token: 'tok-62' }));

    storeUser(makeUser({ user_id: 62, token: 'tok-62' }));
    await call(getUnreadCount, { query: { user_id: 63 } });
    await call(getUnreadCount, { query: { user_id: 62 } }, { auth: { uid: 62, token: 'other' } });
    expect(server.all).toHaveLength(3);
    await call(getUnreadCount, { query: { user_id: 62 } });
    expect(server.all).toHaveLength(3);
  });

  it('passes a failure to the call that takes it', async () => {
    fakeServer().fail(checkSession, 401, 'Session expired');
    const user = storeUser(makeUser({ user_id: 64, token: 'tok-64' }));
    prefetchCall(checkSession, { query: { status: 1 } }, user);

    const failure = await call(checkSession, { query: { status: 1 } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Session expired' });
  });

  it('is dropped after 10 s without a taker', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = fakeServer().on(getUnreadCount, { status: 1, data: [{ count: 2 }] });
    const user = storeUser(makeUser({ user_id: 65, token: 'tok-65' }));
    prefetchCall(getUnreadCount, { query: { user_id: 65 } }, user);
    vi.setSystemTime(Date.now() + 10_000);

    await call(getUnreadCount, { query: { user_id: 65 } });
    expect(server.all).toHaveLength(2);
  });

  it("rejects on the caller's abort, as fetch does", async () => {
    fakeServer().on(getUnreadCount, { status: 1, data: [{ count: 3 }] });
    const user = storeUser(makeUser({ user_id: 66, token: 'tok-66' }));
    prefetchCall(getUnreadCount, { query: { user_id: 66 } }, user);
    const controller = new AbortController();
    const answer = call(getUnreadCount, { query: { user_id: 66 } }, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
