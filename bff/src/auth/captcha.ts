import { createHmac } from 'node:crypto';
import { captchaChallenge } from '@rpm/shared';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/schema.js';

/**
 * Self-hosted proof-of-work captcha (ALTCHA v2) for the sign-in page (000 §2.5): no third party sees clinic staff.
 * A solution is accepted once: its challenge signature is recorded until the challenge expires.
 * Expiry uses real time, not the app's clock: altcha-lib checks it against Date.now() as well.
 */
const CHALLENGE_TTL_MS = 10 * 60_000;
const ALGORITHM = 'SHA-256';
/** Rounds of SHA-256 per guess: with the counter bound this sets the work the browser does. */
const COST = 50;

const payloadSchema = z.object({
  challenge: captchaChallenge,
  solution: z.object({ counter: z.number().int(), derivedKey: z.string(), time: z.number().optional() }),
});

export interface Captcha {
  create(): Promise<Challenge>;
  /** Verifies a widget payload (base64 JSON) and spends it. */
  verify(token: string): Promise<boolean>;
}

export function createCaptcha(opts: { db: Db; secret: string; maxCounter: number }): Captcha {
  const hmacSignatureSecret = createHmac('sha256', opts.secret).update('captcha-signature').digest('hex');
  const hmacKeySignatureSecret = createHmac('sha256', opts.secret).update('captcha-key').digest('hex');
  const secrets = { hmacSignatureSecret, hmacKeySignatureSecret };

  return {
    create() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(Math.floor(opts.maxCounter / 2), opts.maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        ...secrets,
      });
    },
    async verify(token) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return false;
      const { challenge, solution } = parsed.data;
      const expiresAt = challenge.parameters.expiresAt;
      if (!expiresAt || expiresAt * 1000 < Date.now()) return false;
      const result = await verifySolution({ challenge, solution, deriveKey, ...secrets });
      if (!result.verified) return false;
      // Spend it: a second use of the same challenge finds the row and fails.
      await opts.db.deleteFrom('captcha_used').where('expires_at', '<', new Date()).execute();
      const inserted = await opts.db
        .insertInto('captcha_used')
        .values({ signature: challenge.signature, expires_at: new Date(expiresAt * 1000) })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning(sql<number>`1`.as('one'))
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
