import {
  HUB_EVENTS,
  type NotificationNewPayload,
  notificationNewPayload,
  sleepFreeAllPayload,
  sleepFreePayload,
  sleepHandOverAnswerPayload,
  sleepHandOverRequestPayload,
  sleepLockPayload,
} from '@rpm/shared';
import type { z } from 'zod';

/** An event name of the hub (shared/src/hub.ts). */
export type HubEventName = (typeof HUB_EVENTS)[keyof typeof HUB_EVENTS];

/** Payload types of the events the shared contract describes. */
export interface HubPayloads {
  readonly [HUB_EVENTS.notificationNew]: NotificationNewPayload;
  readonly [HUB_EVENTS.sleepLock]: z.infer<typeof sleepLockPayload>;
  readonly [HUB_EVENTS.sleepFree]: z.infer<typeof sleepFreePayload>;
  readonly [HUB_EVENTS.sleepFreeAll]: z.infer<typeof sleepFreeAllPayload>;
  readonly [HUB_EVENTS.sleepHandOverRequest]: z.infer<typeof sleepHandOverRequestPayload>;
  readonly [HUB_EVENTS.sleepHandOverAnswer]: z.infer<typeof sleepHandOverAnswerPayload>;
}

/** The payload a listener of `E` receives: parsed for described events, as sent for the others. */
export type HubPayload<E extends HubEventName> = E extends keyof HubPayloads ? HubPayloads[E] : unknown;

/** What parsing needs of a schema (a zod schema fits; the client does not depend on zod itself). */
interface PayloadSchema {
  safeParse(input: unknown): { readonly success: true; readonly data: unknown } | { readonly success: false };
}

const SCHEMAS: Readonly<Partial<Record<HubEventName, PayloadSchema>>> = {
  [HUB_EVENTS.notificationNew]: notificationNewPayload,
  [HUB_EVENTS.sleepLock]: sleepLockPayload,
  [HUB_EVENTS.sleepFree]: sleepFreePayload,
  [HUB_EVENTS.sleepFreeAll]: sleepFreeAllPayload,
  [HUB_EVENTS.sleepHandOverRequest]: sleepHandOverRequestPayload,
  [HUB_EVENTS.sleepHandOverAnswer]: sleepHandOverAnswerPayload,
};

/** A payload that failed its schema: dropped, as every input at an edge is parsed (architecture.md "A request"). */
export const INVALID_PAYLOAD: unique symbol = Symbol('invalid hub payload');

/**
 * Parses what the hub sent for `event` with the shared schema; {@link INVALID_PAYLOAD} when it does not match.
 * Events without a schema pass through as sent.
 */
export function parseHubPayload(event: string, raw: unknown): unknown {
  const schema = SCHEMAS[event as HubEventName];
  if (!schema) return raw;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : INVALID_PAYLOAD;
}
