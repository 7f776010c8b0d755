import { z } from 'zod';
import { bellNotification } from './api/notifications.js';

/**
 * The real-time hub (socket.io, path /socket.io): event names and payloads (DESIGN.md). A client authenticates in
 * the handshake (`auth: { uid, token }` plus the session cookie) and joins its own room; the server pushes new
 * notifications there at once (000 §4.6 is a 10-minute poll; the socket makes it immediate).
 */
export const HUB_EVENTS = {
  notificationNew: 'NOTIFICATION::NEW',
  /** 000 §4.11 sleep-test locks. */
  sleepLock: 'SLEEP::LOCK',
  sleepFree: 'SLEEP::FREE',
  sleepFreeAll: 'SLEEP::FREE_ALL',
} as const;

export const hubAuth = z.object({
  uid: z.coerce.number().int().positive(),
  token: z.string().min(1).max(256),
});

export const notificationNewPayload = bellNotification;
export type NotificationNewPayload = z.infer<typeof notificationNewPayload>;
