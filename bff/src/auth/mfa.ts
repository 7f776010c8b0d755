import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP factors (RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s) by otpauth.
 * One step either side is accepted for clock drift; a step at or before the last accepted one is refused, so a code
 * seen over a shoulder cannot be used again.
 */
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
const ISSUER = 'RPM';

/** Whether a user with these roles must have a second factor (config MFA_REQUIRED_ROLES). */
export function mfaRequired(
  config: { readonly MFA_REQUIRED_ROLES: readonly number[] },
  roleid: readonly number[],
) {
  return roleid.some((role) => config.MFA_REQUIRED_ROLES.includes(role));
}

export const RECOVERY_CODE_COUNT = 10;

/**
 * The key that encrypts TOTP secrets at rest, derived from APP_SECRET. Without APP_SECRET (development) a fixed key
 * is used so enrolments survive restarts (decisions.md "Multi-factor sign-in").
 */
export function mfaKey(appSecret: string | undefined): Buffer {
  const ikm = appSecret ?? 'rpm-development-mfa-key-set-APP_SECRET-in-production';
  return Buffer.from(hkdfSync('sha256', ikm, 'rpm-mfa', 'totp-secret-at-rest', 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown MFA secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new random secret (160 bits, RFC 4226's recommendation) in base32, as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(base32: string, username = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(base32: string, username: string): string {
  return totp(base32, username).toString();
}

/** The QR code of the URI as a PNG data URL (the CSP allows data: images). */
export function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
}

/** The current code, for the demo print-out and tests. */
export function totpCode(base32: string, at: Date): string {
  return totp(base32).generate({ timestamp: at.getTime() });
}

/** The time step of a code valid at `at` and newer than `lastStep`; null otherwise. */
export function acceptedStep(base32: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(base32).validate({ token: code, timestamp: at.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Recovery codes: 10 characters without look-alikes (no 0/O, 1/I/L), shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** How a typed recovery code is compared: case, spaces and the dash do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
