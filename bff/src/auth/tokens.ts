import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret (256 bits), URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as SHA-256 digests: they are random, so a slow hash adds nothing. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares a secret with a stored digest in constant time. */
export function matchesDigest(secret: string, storedDigest: string): boolean {
  const a = Buffer.from(digest(secret), 'hex');
  const b = Buffer.from(storedDigest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
