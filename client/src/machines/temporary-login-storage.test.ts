import { STORAGE_KEYS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import {
  clearTemporaryLogin,
  readMainUser,
  readTempLogin,
  readUser,
  writeTemporaryLogin,
} from '../session/storage';
import { makeUser } from '../test/fixtures';

// The storage functions session/storage.ts gained for the temporary login (000 §3, §4.4).
describe('temporary-login storage', () => {
  const main = { user_id: 1, token: 'admin-tok', username: 'role1@demo.test' };

  it('writes the flag, the main user and the user acted as; clearing keeps the user', () => {
    const actedAs = makeUser({ user_id: 8 });
    writeTemporaryLogin(main, actedAs);
    expect(readTempLogin()).toBe(true);
    expect(readMainUser()).toEqual(main);
    expect(readUser()?.user_id).toBe(8);
    localStorage.setItem(STORAGE_KEYS.tempDash, 'dash');
    clearTemporaryLogin();
    expect(readTempLogin()).toBe(false);
    expect(readMainUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.tempDash)).toBeNull();
    expect(readUser()?.user_id).toBe(8);
  });

  it('drops a main user that does not parse', () => {
    localStorage.setItem(STORAGE_KEYS.mainUser, JSON.stringify({ user_id: 'x' }));
    expect(readMainUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.mainUser)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.mainUser, '{');
    expect(readMainUser()).toBeNull();
  });
});
