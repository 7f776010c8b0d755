import {
  HUB_EVENTS,
  type SleepLockAck,
  sleepFreeAllPayload,
  sleepFreePayload,
  sleepHandOverAnswerPayload,
  sleepHandOverRequestPayload,
  sleepLockPayload,
} from '@rpm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type { AuditActor } from '../audit.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import { DomainError } from '../domain-errors.js';
import { type Hub, type HubSocketData, userRoom } from '../hub/hub.js';
import { patientScope } from '../scope.js';
import {
  type FreedLock,
  freeAllLocks,
  freeLock,
  handOverLock,
  LOCK_RENEW_MS,
  lockHolder,
  readerAuth,
  releaseLapsed,
  renewLocks,
  type SleepLock,
  takeLock,
} from './lock-store.js';

/**
 * The sleep-test lock events on the hub (000 §4.11, §7; issue 15 §2). A reader's client sends SLEEP::LOCK on
 * opening a study and SLEEP::FREE on closing it, SLEEP::FREE_ALL on signing out; each payload is parsed with zod,
 * and one naming another user or a study outside the sender's scope is refused and logged. Changes are broadcast
 * to the worklists of the study's practice (rooms per practice, the top administrators' room for all), on every
 * replica through the hub's adapter. Each answer is the event's acknowledgement.
 */

const practiceRoom = (practiceId: number) => `sleep-practice:${practiceId}`;
/** Lowest role 1 sees every practice. */
const ALL_PRACTICES_ROOM = 'sleep-practice:all';

/** The acknowledgement of a client's lock event (shared, so the client parses it). */
type LockAnswer = SleepLockAck;

/** Tells the worklists of each freed lock's practice, on every replica (also used when a lock is broken). */
export function announceFreedLocks(hub: Pick<Hub, 'io'>, freed: readonly FreedLock[]): void {
  for (const lock of freed)
    hub.io.to([practiceRoom(lock.practiceId), ALL_PRACTICES_ROOM]).emit(HUB_EVENTS.sleepFree, {
      testId: lock.studyId,
      userId: lock.userId,
    });
}

export interface SleepLocks {
  /** Renews the leases of this replica's connected holders and releases lapsed ones (every LOCK_RENEW_MS). */
  tick(): Promise<void>;
  stop(): void;
}

export function attachSleepLocks(
  hub: Hub,
  opts: { db: Db; clock: Clock; log: FastifyBaseLogger },
): SleepLocks {
  const { io } = hub;
  /** The studies each connected socket holds (renewed while it lives; kept through a drop until the lease lapses). */
  const held = new Map<Socket, Set<number>>();
  /** After stop(): this replica is shutting down, and its sockets' drops free nothing (the leases lapse). */
  let stopped = false;

  const announceFreed = (freed: readonly FreedLock[]) => announceFreedLocks(hub, freed);

  /** Each socket's roles and practice rooms, found before its connection completes (no broadcast is missed). */
  const places = new WeakMap<
    Socket,
    { auth: { userId: number; roleid: number[]; userName: string }; rooms: string[] }
  >();
  io.use((socket, next) => {
    const { userId } = socket.data as HubSocketData;
    (async () => {
      const auth = await readerAuth(opts.db, userId);
      const scope = await patientScope(opts.db, auth);
      places.set(socket, {
        auth,
        rooms: scope.all ? [ALL_PRACTICES_ROOM] : scope.practiceIds.map(practiceRoom),
      });
    })().then(
      () => next(),
      (err: unknown) => {
        opts.log.error({ err }, 'hub sleep-lock rooms failed');
        next(new Error('Something went wrong on the server. Please try again.'));
      },
    );
  });

  const broadcastLock = (lock: SleepLock) =>
    io.to([practiceRoom(lock.practiceId), ALL_PRACTICES_ROOM]).emit(HUB_EVENTS.sleepLock, {
      testId: lock.studyId,
      userId: lock.userId,
      userName: lock.userName,
      since: lock.takenAt.toISOString(),
    });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as HubSocketData;
    const place = places.get(socket);
    if (!place) return;
    const mine = new Set<number>();
    held.set(socket, mine);
    void socket.join(place.rooms);
    const { auth } = place;
    const actor = (): AuditActor => ({
      at: opts.clock.now(),
      userId: data.userId,
      actingUserId: data.actingUserId,
      ip: socket.handshake.address,
    });
    /** Parses a payload and checks it names the sender; a refusal is logged and answered. */
    const parse = <T extends { userId: number }>(
      event: string,
      schema: z.ZodType<T>,
      payload: unknown,
      ack: unknown,
    ): T | undefined => {
      const parsed = schema.safeParse(payload);
      const error = !parsed.success
        ? `${event} needs ${Object.keys((schema as unknown as z.ZodObject).shape ?? {}).join(', ')}.`
        : parsed.data.userId !== data.userId
          ? `${event} may name only you.`
          : undefined;
      if (parsed.success && !error) return parsed.data;
      opts.log.warn({ event, userId: data.userId, payload }, `refused ${event}: ${error}`);
      answer(ack, { ok: false, error: error ?? '' });
      return undefined;
    };
    const handle = (event: string, ack: unknown, run: () => Promise<LockAnswer>) => {
      run().then(
        (result) => answer(ack, result),
        (err: unknown) => {
          if (err instanceof DomainError) {
            opts.log.warn({ event, userId: data.userId, err: err.message }, `refused ${event}`);
            return answer(ack, { ok: false, error: err.message });
          }
          opts.log.error({ err, event }, 'sleep lock event failed');
          answer(ack, { ok: false, error: 'Something went wrong on the server. Please try again.' });
        },
      );
    };

    socket.on(HUB_EVENTS.sleepLock, (payload: unknown, ack: unknown) => {
      const event = parse(HUB_EVENTS.sleepLock, sleepLockPayload, payload, ack);
      if (!event) return;
      handle(HUB_EVENTS.sleepLock, ack, async () => {
        const { held: mineNow, taken, lock } = await takeLock(opts.db, actor(), auth, event.testId);
        const since = lock.takenAt.toISOString();
        if (!mineNow)
          return {
            ok: false,
            error: `Locked by ${lock.userName}`,
            lockedBy: { userId: lock.userId, userName: lock.userName, since },
          };
        mine.add(lock.studyId);
        if (taken) broadcastLock(lock);
        return { ok: true, token: lock.token, since };
      });
    });
    // Hand-over (decisions.md "Sleep lock hand-over"): relayed through the users' rooms, so it reaches the holder
    // and the requester on whichever replica their tabs are.
    socket.on(HUB_EVENTS.sleepHandOverRequest, (payload: unknown, ack: unknown) => {
      const event = parse(HUB_EVENTS.sleepHandOverRequest, sleepHandOverRequestPayload, payload, ack);
      if (!event) return;
      handle(HUB_EVENTS.sleepHandOverRequest, ack, async () => {
        const holder = await lockHolder(opts.db, auth, event.testId);
        if (!holder || holder.userId === data.userId)
          return { ok: false, error: `Sleep test ${event.testId} is not locked by another reader.` };
        io.to(userRoom(holder.userId)).emit(HUB_EVENTS.sleepHandOverRequest, {
          testId: event.testId,
          userId: data.userId,
          userName: auth.userName,
        });
        return { ok: true };
      });
    });
    socket.on(HUB_EVENTS.sleepHandOverAnswer, (payload: unknown, ack: unknown) => {
      const event = parse(HUB_EVENTS.sleepHandOverAnswer, sleepHandOverAnswerPayload, payload, ack);
      if (!event) return;
      handle(HUB_EVENTS.sleepHandOverAnswer, ack, async () => {
        if (event.accept) {
          const lock = await handOverLock(opts.db, actor(), event.testId, event.requesterId);
          mine.delete(event.testId);
          broadcastLock(lock);
        } else if ((await lockHolder(opts.db, auth, event.testId))?.userId !== data.userId)
          return { ok: false, error: `You do not hold the lock of sleep test ${event.testId}.` };
        io.to(userRoom(event.requesterId)).emit(HUB_EVENTS.sleepHandOverAnswer, event);
        return { ok: true };
      });
    });
    socket.on(HUB_EVENTS.sleepFree, (payload: unknown, ack: unknown) => {
      const event = parse(HUB_EVENTS.sleepFree, sleepFreePayload, payload, ack);
      if (!event) return;
      handle(HUB_EVENTS.sleepFree, ack, async () => {
        mine.delete(event.testId);
        announceFreed(await freeLock(opts.db, actor(), event.testId));
        return { ok: true };
      });
    });
    socket.on(HUB_EVENTS.sleepFreeAll, (payload: unknown, ack: unknown) => {
      if (!parse(HUB_EVENTS.sleepFreeAll, sleepFreeAllPayload, payload, ack)) return;
      handle(HUB_EVENTS.sleepFreeAll, ack, async () => {
        mine.clear();
        announceFreed(await freeAllLocks(opts.db, actor()));
        return { ok: true };
      });
    });
    socket.on('disconnect', (reason) => {
      held.delete(socket);
      // The session ended (sign-out, a newer sign-in, the sweep): free the user's locks at once. A dropped
      // connection keeps them until the lease lapses, so a reconnecting reader keeps the study.
      if (reason === 'server namespace disconnect' && !stopped)
        freeAllLocks(opts.db, actor(), data.userId).then(announceFreed, (err: unknown) =>
          opts.log.error({ err }, 'freeing the locks of an ended session failed'),
        );
    });
  });

  const tick = async () => {
    const now = opts.clock.now();
    for (const [socket, studies] of held) {
      const renewed = await renewLocks(opts.db, (socket.data as HubSocketData).userId, [...studies], now);
      // A lease that lapsed while the socket was away may be another reader's now: no longer this socket's.
      for (const studyId of studies) if (!renewed.includes(studyId)) studies.delete(studyId);
    }
    announceFreed(await releaseLapsed(opts.db, now));
  };
  const timer = setInterval(() => {
    tick().catch((err: unknown) => opts.log.error({ err }, 'sleep lock renewal failed'));
  }, LOCK_RENEW_MS);
  timer.unref();
  return {
    tick,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

function answer(ack: unknown, result: LockAnswer): void {
  if (typeof ack === 'function') (ack as (result: LockAnswer) => void)(result);
}
