import { describe, expect, it } from 'vitest';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  mfaKey,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  totpCode,
} from './mfa.js';

const at = new Date('2026-03-02T10:00:00Z');

describe('TOTP factors (issue 11 "Add")', () => {
  it('encrypts the secret at rest; another APP_SECRET cannot read it', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = encryptSecret(mfaKey('a'.repeat(32)), secret);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(mfaKey('a'.repeat(32)), stored)).toBe(secret);
    expect(() => decryptSecret(mfaKey('b'.repeat(32)), stored)).toThrow();
  });

  it('accepts the current code and one step of drift either side, never an older or reused step', () => {
    const secret = newTotpSecret();
    const step = Math.floor(at.getTime() / 30_000);
    expect(acceptedStep(secret, totpCode(secret, at), at, null)).toBe(step);
    expect(acceptedStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(step - 1);
    expect(acceptedStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(step + 1);
    expect(acceptedStep(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(acceptedStep(secret, 'abcdef', at, null)).toBeNull();
  });

  it('makes 10 distinct recovery codes; case, spaces and dash do not matter when typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(normaliseRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
  });
});
