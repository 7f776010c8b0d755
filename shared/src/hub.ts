import { z } from 'zod';
import { notificationEntry } from './api/notifications.js';

/**
 * The real-time hub (socket.io at /socket.io; architecture.md "The hub and the jobs"): event names and payloads. A
 * client authenticates in the handshake and joins its own room, where new notifications arrive at once.
 */
export const HUB_EVENTS = {
  notificationNew: 'NOTIFICATION::NEW',
  /** 000 §4.11 sleep-test locks. */
  sleepLock: 'SLEEP::LOCK',
  sleepFree: 'SLEEP::FREE',
  sleepFreeAll: 'SLEEP::FREE_ALL',
  /** A second reader asks the lock's holder; the holder answers (decisions.md "Sleep lock hand-over"). */
  sleepHandOverRequest: 'SLEEP::HANDOVER_REQUEST',
  sleepHandOverAnswer: 'SLEEP::HANDOVER_ANSWER',
  /**
   * A patient's alerts changed (one raised from a reading, or some acknowledged): pushed to the patient's care
   * team, so an open worklist or dashboard refetches without a reload.
   */
  alertsChanged: 'ALERTS::CHANGED',
} as const;

export const hubAuth = z.object({
  uid: z.coerce.number().int().positive(),
  token: z.string().min(1).max(256),
});

export const notificationNewPayload = notificationEntry;
export type NotificationNewPayload = z.infer<typeof notificationNewPayload>;

/** The payload of {@link HUB_EVENTS.alertsChanged}: whose alerts changed (the client refetches what it shows). */
export const alertsChangedPayload = z.object({ patient_id: z.number().int().positive() });
export type AlertsChangedPayload = z.infer<typeof alertsChangedPayload>;

/**
 * SLEEP::LOCK (000 §3 'Sleep-test lock': testId, userId, userName; §4.11). A client sends it to take a study's lock
 * (userId must be its own); the server broadcasts it to the open worklists when a lock is taken, with `since`.
 */
export const sleepLockPayload = z.object({
  testId: z.number().int().positive(),
  userId: z.number().int().positive(),
  userName: z.string().max(200),
  /** When the lock was taken (server broadcasts only). */
  since: z.string().optional(),
});

/** SLEEP::FREE: the lock of one study is freed (sent by its holder; broadcast by the server). */
export const sleepFreePayload = z.object({
  testId: z.number().int().positive(),
  userId: z.number().int().positive(),
});

/** SLEEP::FREE_ALL: every lock of the user is freed (sign-out, the end of the session). */
export const sleepFreeAllPayload = z.object({ userId: z.number().int().positive() });

/**
 * SLEEP::HANDOVER_REQUEST: a reader who got a study read-only asks its holder for it (`userId` the requester's own);
 * the server relays it to the holder's tabs with the requester's name.
 */
export const sleepHandOverRequestPayload = z.object({
  testId: z.number().int().positive(),
  userId: z.number().int().positive(),
  /** The requester's name (server relays only). */
  userName: z.string().max(200).optional(),
});

/**
 * SLEEP::HANDOVER_ANSWER: the holder ('Hand over' / 'Keep') answers a requester (`userId` the holder's own); the
 * server moves the lease to the requester on `accept` and relays the answer to the requester's tabs.
 */
export const sleepHandOverAnswerPayload = z.object({
  testId: z.number().int().positive(),
  userId: z.number().int().positive(),
  requesterId: z.number().int().positive(),
  accept: z.boolean(),
});

/**
 * The acknowledgement of a client's SLEEP::* event: `token` is the lease's fencing token the
 * interpretation writes carry; a refused SLEEP::LOCK names the holder and since when.
 */
export const sleepLockAck = z.union([
  z.object({
    ok: z.literal(true),
    token: z.number().int().positive().optional(),
    since: z.string().optional(),
  }),
  z.object({
    ok: z.literal(false),
    error: z.string(),
    lockedBy: z.object({ userId: z.number().int(), userName: z.string(), since: z.string() }).optional(),
  }),
]);
export type SleepLockAck = z.infer<typeof sleepLockAck>;
