import { MESSAGE_STATUS_TEXT } from '@rpm/shared';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { type OutgoingSms, recordOutbox, recordOutcome, type SmsOutcome } from './store.js';

/** The one way the product sends a text: an HTTP provider, or the built-in outbox (decisions.md "SMS provider"). */

export interface SmsAdapter {
  send(sms: OutgoingSms): Promise<SmsOutcome>;
}

/** How long the provider may take to accept a text. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** The provider's answer: its id for the message and, optionally, whether it is already sent. */
const providerAnswer = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  status: z.enum(['queued', 'sent']).default('queued'),
});

/** A provider that takes POST {to, body, reference} with a bearer token and answers {id, status?}. */
function httpProvider(url: string, token: string | undefined): SmsAdapter {
  return {
    async send(sms) {
      const failed = (detail: string): SmsOutcome => ({ status: 'failed', providerMessageId: null, detail });
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: sms.to, body: sms.body, reference: String(sms.messageId) }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch {
        return failed('The SMS provider could not be reached.');
      }
      if (!res.ok) return failed(`The SMS provider refused the message (HTTP ${res.status}).`);
      const answer = providerAnswer.safeParse(await res.json().catch(() => null));
      if (!answer.success) return failed('The SMS provider gave an answer without a message id.');
      return { status: answer.data.status, providerMessageId: answer.data.id, detail: null };
    },
  };
}

/** The built-in outbox: records the text, sends nothing, and says so. */
function outbox(db: Db, clock: Clock): SmsAdapter {
  return {
    async send(sms) {
      await recordOutbox(db, sms, clock.now());
      return { status: 'not_sent', providerMessageId: null, detail: MESSAGE_STATUS_TEXT.not_sent };
    },
  };
}

/** The adapter the configuration names. */
export function createSmsAdapter(
  config: Pick<Config, 'SMS_PROVIDER_URL' | 'SMS_PROVIDER_TOKEN'>,
  db: Db,
  clock: Clock,
) {
  return config.SMS_PROVIDER_URL
    ? httpProvider(config.SMS_PROVIDER_URL, config.SMS_PROVIDER_TOKEN)
    : outbox(db, clock);
}

/** Hands a committed message to the adapter and records what became of it. */
export async function deliver(db: Db, adapter: SmsAdapter, clock: Clock, sms: OutgoingSms): Promise<void> {
  const outcome = await adapter.send(sms);
  await recordOutcome(db, sms.messageId, outcome, clock.now());
}
