import { STORAGE_KEYS } from '@rpm/shared';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, storeUser } from '../test/fixtures';
import { logout } from './logout';
import { readLastActivity, setLastActivity } from './storage';

describe('logout', () => {
  it('ends the server session, clears storage and goes to /', async () => {
    storeUser();
    setLastActivity(123);
    const fetch = mockFetch(() => json({ status: 1, message: 'bye' }));
    const navigate = vi.fn();

    await logout(navigate);

    expect(fetch.mock.calls[0]?.[0]).toBe('/api/rpm/checkSession?status=0');
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
    mockFetch(() => json({ status: 500, message: 'boom' }, 500));
    const navigate = vi.fn();

    await logout(navigate);

    expect(localStorage.length).toBe(0);
    expect(readLastActivity()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('clears storage when the network is down', async () => {
    storeUser();
    mockFetch(() => {
      throw new TypeError('offline');
    });
    const navigate = vi.fn();
    await logout(navigate);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
