import { checkSession, STORAGE_KEYS } from '@rpm/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, requestLine } from '../test/fake-server';
import { storeUser } from '../test/fixtures';
import { logout } from './logout';
import { readLastActivity, setLastActivity } from './storage';

describe('logout', () => {
  it('ends the server session, clears storage and goes to /', async () => {
    storeUser();
    setLastActivity(123);
    const server = fakeServer().on(checkSession, { status: 1, message: 'bye' });
    const navigate = vi.fn();

    await logout(navigate);

    expect(server.lines()[0]).toBe(requestLine(checkSession, { query: { status: 0 } }));
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(readLastActivity()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('clears storage even when the call fails', async () => {
    storeUser();
    localStorage.setItem(STORAGE_KEYS.mainUser, '{}');
    localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
    localStorage.setItem(STORAGE_KEYS.redirectUrl, '/app/x');
    setLastActivity(123);
    fakeServer().fail(checkSession, 500, 'boom');
    const navigate = vi.fn();

    await logout(navigate);

    expect(localStorage.length).toBe(0);
    expect(readLastActivity()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('clears storage when the network is down', async () => {
    storeUser();
    fakeServer().offline(checkSession);
    const navigate = vi.fn();
    await logout(navigate);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
