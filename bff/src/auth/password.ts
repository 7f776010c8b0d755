import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters (~13 ms a hash here); `algorithm: 2` is Argon2id, a const enum we cannot import. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified when the user name is unknown, so an unknown name takes as long as a wrong password.
const dummyHash = hash('not-a-password', OPTIONS);

/** True when `password` matches `storedHash`; always does the same work, even without a stored hash. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return storedHash !== null && ok;
}
