import { createHash } from 'node:crypto';

/**
 * Vendor keys of the reading intake (issue 5 part 5): a key is a long random string the vendor sends in
 * `x-device-key`; the table keeps only its SHA-256 (hex). A fast hash is enough for 32 random bytes, and it lets
 * the intake find the key with one indexed lookup at 200 readings a second.
 */

/** The SHA-256 hex of a key, as device_vendor_keys.key_hash stores it. */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The shortest key accepted (keys are 'dk_' and 43 base64url characters: 32 random bytes). */
export const DEVICE_KEY_MIN_LENGTH = 24;
