import { ONBOARDING_RATE_LIMIT, ONBOARDING_RATE_WINDOW_MS, ONBOARDING_TEXT } from '@rpm/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import { tooMany } from '../domain-errors.js';

/**
 * The public sign-up's per-address limit (issue 42 §1; decisions.md "Onboarding"): at most ONBOARDING_RATE_LIMIT
 * attempts a minute from one address, whatever their outcome, else 429 with Retry-After. Attempts live in the
 * database like the sign-in failures (auth/login-limits.ts), so replicas share them.
 */
export async function countSubmissionAttempt(db: Db, clock: Clock, client: string): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - ONBOARDING_RATE_WINDOW_MS);
  const recent = await db
    .selectFrom('onboarding_attempts')
    .select('attempted_at')
    .where('client', '=', client)
    .where('attempted_at', '>', since)
    .orderBy('attempted_at', 'desc')
    .limit(ONBOARDING_RATE_LIMIT)
    .execute();
  const oldest = recent.length >= ONBOARDING_RATE_LIMIT ? recent[recent.length - 1] : undefined;
  if (oldest) {
    // The limit-th newest attempt leaves the window at attempted_at + window.
    const waitMs = oldest.attempted_at.getTime() + ONBOARDING_RATE_WINDOW_MS - now.getTime();
    throw tooMany(ONBOARDING_TEXT.tooMany, Math.max(1, Math.ceil(waitMs / 1000)));
  }
  await db.insertInto('onboarding_attempts').values({ client, attempted_at: now }).execute();
  // Keep the table small: attempts older than the window no longer count.
  await db.deleteFrom('onboarding_attempts').where('attempted_at', '<=', since).execute();
}
