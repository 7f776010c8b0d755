import { createHash } from 'node:crypto';

/**
 * Vendor keys of the reading intake (`x-device-key`), stored only as SHA-256 hex: enough for 32 random bytes, and one
 * indexed lookup at 200 readings a second.
 */

/** The SHA-256 hex of a key, as device_vendor_keys.key_hash stores it. */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The shortest key accepted (keys are 'dk_' and 43 base64url characters: 32 random bytes). */
export const DEVICE_KEY_MIN_LENGTH = 24;
