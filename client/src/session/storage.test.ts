import { STORAGE_KEYS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import {
  clearSession,
  readLastActivity,
  readRedirectUrl,
  readUser,
  setLastActivity,
  writeRedirectUrl,
  writeUser,
} from './storage';

describe('session storage', () => {
  it('reads back a written user', () => {
    const user = makeUser();
    writeUser(user);
    expect(readUser()).toEqual(user);
  });

  it('drops a stored user that does not parse', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ user_id: 'x' }));
    expect(readUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readUser()).toBeNull();
  });

  it('keeps only safe redirect URLs inside /app', () => {
    writeRedirectUrl('/app/patients?x=1');
    expect(readRedirectUrl()).toBe('/app/patients?x=1');
    writeRedirectUrl('//evil.example/app');
    expect(readRedirectUrl()).toBeNull();
  });

  it('sets the lastActivity cookie in unix seconds', () => {
    setLastActivity(1_700_000_000.7);
    expect(readLastActivity()).toBe(1_700_000_000);
  });

  it('clears user, main user, temporary login, redirect URL and the activity cookie', () => {
    storeUser();
    for (const key of [STORAGE_KEYS.mainUser, STORAGE_KEYS.tempLogin, STORAGE_KEYS.tempDash]) {
      localStorage.setItem(key, 'x');
    }
    writeRedirectUrl('/app/x');
    setLastActivity(1);
    sessionStorage.setItem(STORAGE_KEYS.tabId, 'tab-1');

    clearSession();

    expect(localStorage.length).toBe(0);
    expect(readLastActivity()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.tabId)).toBe('tab-1');
  });
});
