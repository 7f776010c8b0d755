// Over 300 lines: the lock events, the handshake's rooms and the lease upkeep share one replica's holders and places.
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
  type readerAuth,
  releaseLapsed,
  renewLocks,
  type SleepLock,
  takeLock,
} from './lock-store.js';

/**
 * The sleep-test lock events on the hub (000 §4.11, §7): SLEEP::LOCK on opening a study, SLEEP::FREE on closing,
 * SLEEP::FREE_ALL on signing out, each parsed and checked against the sender; changes broadcast to the worklists of
 * the study's practice on every replica. Each answer is the event's acknowledgement.
 */

const practiceRoom = (practiceId: number) => `sleep-practice:${practiceId}`;
/** Lowest role 1 sees every practice. */
const ALL_PRACTICES_ROOM = 'sleep-practice:all';

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

/** A reader (as the lock store's scope rules need them) and their practice rooms, one copy per user per replica. */
type ReaderAuth = Awaited<ReturnType<typeof readerAuth>>;
type Place = { readonly auth: ReaderAuth; readonly rooms: string[] };
// What the lock layer keeps in socket.data, not in per-socket closures or maps (heap per
// socket): the reader's place and the studies it holds (a Set made with its first lock).
interface SleepSocketData extends HubSocketData {
  sleepPlace?: Place;
  sleepHeld?: Set<number>;
}

/** The lock events a client sends. */
type LockEvent = (typeof LOCK_EVENTS)[number];
const LOCK_EVENTS = [
  HUB_EVENTS.sleepLock,
  HUB_EVENTS.sleepFree,
  HUB_EVENTS.sleepFreeAll,
  HUB_EVENTS.sleepHandOverRequest,
  HUB_EVENTS.sleepHandOverAnswer,
] as const;

export function attachSleepLocks(
  hub: Hub,
  opts: { db: Db; clock: Clock; log: FastifyBaseLogger },
): SleepLocks {
  const { io } = hub;
  /** The sockets holding locks (renewed while they live; kept through a drop until the lease lapses). */
  const holders = new Set<Socket>();
  // The readers connected here, by user id (one entry per user).
  const places = new Map<number, Place>();
  /** After stop(): this replica is shutting down, and its sockets' drops free nothing (the leases lapse). */
  let stopped = false;
  const announceFreed = (freed: readonly FreedLock[]) => announceFreedLocks(hub, freed);
  // Each socket's roles and practice rooms, found before its connection completes (no broadcast is missed), from what
  // the hub's session query read: one query a connect, which the start calls wait for.
  io.use((socket, next) => {
    const data = socket.data as SleepSocketData;
    (async () => {
      const user = data.handshakeUser;
      if (!user) throw new Error('the hub handshake read no user');
      const auth: ReaderAuth = { userId: data.userId, roleid: [...user.roleid], userName: user.name };
      const scope = await patientScope(opts.db, { ...auth, practiceIds: user.practiceIds });
      const place = { auth, rooms: scope.all ? [ALL_PRACTICES_ROOM] : scope.practiceIds.map(practiceRoom) };
      // Unchanged since the reader's last connection: the same copy (a changed one replaces it for new sockets).
      const known = places.get(auth.userId);
      data.sleepPlace = known && JSON.stringify(known) === JSON.stringify(place) ? known : place;
      places.set(auth.userId, data.sleepPlace);
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

  const actorOf = (socket: Socket): AuditActor => {
    const { userId, actingUserId } = socket.data as SleepSocketData;
    return { at: opts.clock.now(), userId, actingUserId, ip: socket.handshake.address };
  };
  const hold = (socket: Socket, studyId: number) => {
    const data = socket.data as SleepSocketData;
    data.sleepHeld ??= new Set();
    data.sleepHeld.add(studyId);
    holders.add(socket);
  };
  const letGo = (socket: Socket, studyId?: number) => {
    const held = (socket.data as SleepSocketData).sleepHeld;
    if (studyId === undefined) held?.clear();
    else held?.delete(studyId);
    if (!held || held.size === 0) holders.delete(socket);
  };

  /** Parses a payload and checks it names the sender; a refusal is logged and answered. */
  const parse = <T extends { userId: number }>(
    socket: Socket,
    event: string,
    schema: z.ZodType<T>,
    payload: unknown,
    ack: unknown,
  ): T | undefined => {
    const { userId } = socket.data as SleepSocketData;
    const parsed = schema.safeParse(payload);
    const error = !parsed.success
      ? `${event} needs ${Object.keys((schema as unknown as z.ZodObject).shape ?? {}).join(', ')}.`
      : parsed.data.userId !== userId
        ? `${event} may name only you.`
        : undefined;
    if (parsed.success && !error) return parsed.data;
    opts.log.warn({ event, userId, payload }, `refused ${event}: ${error}`);
    answer(ack, { ok: false, error: error ?? '' });
    return undefined;
  };

  /** Each lock event's work for a socket whose reader is `auth`; the answer is the event's acknowledgement. */
  const WORK: Record<
    LockEvent,
    (socket: Socket, auth: ReaderAuth, payload: unknown, ack: unknown) => unknown
  > = {
    [HUB_EVENTS.sleepLock]: (socket, auth, payload, ack) => {
      const event = parse(socket, HUB_EVENTS.sleepLock, sleepLockPayload, payload, ack);
      if (!event) return;
      return handle(socket, HUB_EVENTS.sleepLock, ack, async () => {
        const { held, taken, lock } = await takeLock(opts.db, actorOf(socket), auth, event.testId);
        const since = lock.takenAt.toISOString();
        if (!held)
          return {
            ok: false,
            error: `Locked by ${lock.userName}`,
            lockedBy: { userId: lock.userId, userName: lock.userName, since },
          };
        hold(socket, lock.studyId);
        if (taken) broadcastLock(lock);
        return { ok: true, token: lock.token, since };
      });
    },
    // Hand-over (decisions.md "Sleep lock hand-over"): relayed through the users' rooms, so it reaches the holder
    // and the requester on whichever replica their tabs are.
    [HUB_EVENTS.sleepHandOverRequest]: (socket, auth, payload, ack) => {
      const event = parse(socket, HUB_EVENTS.sleepHandOverRequest, sleepHandOverRequestPayload, payload, ack);
      if (!event) return;
      return handle(socket, HUB_EVENTS.sleepHandOverRequest, ack, async () => {
        const holder = await lockHolder(opts.db, auth, event.testId);
        if (!holder || holder.userId === auth.userId)
          return { ok: false, error: `Sleep test ${event.testId} is not locked by another reader.` };
        io.to(userRoom(holder.userId)).emit(HUB_EVENTS.sleepHandOverRequest, {
          testId: event.testId,
          userId: auth.userId,
          userName: auth.userName,
        });
        return { ok: true };
      });
    },
    [HUB_EVENTS.sleepHandOverAnswer]: (socket, auth, payload, ack) => {
      const event = parse(socket, HUB_EVENTS.sleepHandOverAnswer, sleepHandOverAnswerPayload, payload, ack);
      if (!event) return;
      return handle(socket, HUB_EVENTS.sleepHandOverAnswer, ack, async () => {
        if (event.accept) {
          const lock = await handOverLock(opts.db, actorOf(socket), event.testId, event.requesterId);
          letGo(socket, event.testId);
          broadcastLock(lock);
        } else if ((await lockHolder(opts.db, auth, event.testId))?.userId !== auth.userId)
          return { ok: false, error: `You do not hold the lock of sleep test ${event.testId}.` };
        io.to(userRoom(event.requesterId)).emit(HUB_EVENTS.sleepHandOverAnswer, event);
        return { ok: true };
      });
    },
    [HUB_EVENTS.sleepFree]: (socket, _auth, payload, ack) => {
      const event = parse(socket, HUB_EVENTS.sleepFree, sleepFreePayload, payload, ack);
      if (!event) return;
      return handle(socket, HUB_EVENTS.sleepFree, ack, async () => {
        letGo(socket, event.testId);
        announceFreed(await freeLock(opts.db, actorOf(socket), event.testId));
        return { ok: true };
      });
    },
    [HUB_EVENTS.sleepFreeAll]: (socket, _auth, payload, ack) => {
      if (!parse(socket, HUB_EVENTS.sleepFreeAll, sleepFreeAllPayload, payload, ack)) return;
      return handle(socket, HUB_EVENTS.sleepFreeAll, ack, async () => {
        letGo(socket);
        announceFreed(await freeAllLocks(opts.db, actorOf(socket)));
        return { ok: true };
      });
    },
  };

  const handle = (socket: Socket, event: string, ack: unknown, run: () => Promise<SleepLockAck>) => {
    const { userId } = socket.data as SleepSocketData;
    run().then(
      (result) => answer(ack, result),
      (err: unknown) => {
        if (err instanceof DomainError) {
          opts.log.warn({ event, userId, err: err.message }, `refused ${event}`);
          return answer(ack, { ok: false, error: err.message });
        }
        opts.log.error({ err, event }, 'sleep lock event failed');
        answer(ack, { ok: false, error: 'Something went wrong on the server. Please try again.' });
      },
    );
  };

  /** The one listener of every socket's events (socket.onAny calls it with the socket as `this`). */
  function dispatch(this: Socket, event: unknown, ...args: unknown[]): void {
    if (!(LOCK_EVENTS as readonly unknown[]).includes(event)) return;
    const { sleepPlace } = this.data as SleepSocketData;
    if (sleepPlace) WORK[event as LockEvent](this, sleepPlace.auth, args[0], args[1]);
  }

  function disconnected(this: Socket, reason: string): void {
    holders.delete(this);
    // The session ended (sign-out, a newer sign-in, the sweep): free the user's locks at once. A dropped
    // connection keeps them until the lease lapses, so a reconnecting reader keeps the study.
    if (reason === 'server namespace disconnect' && !stopped) {
      freeAllLocks(opts.db, actorOf(this)).then(announceFreed, (err: unknown) =>
        opts.log.error({ err }, 'freeing the locks of an ended session failed'),
      );
    }
  }

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SleepSocketData;
    if (!data.sleepPlace) return;
    void socket.join(data.sleepPlace.rooms);
    socket.onAny(dispatch);
    socket.on('disconnect', disconnected);
  });

  const tick = async () => {
    const now = opts.clock.now();
    // Only the sockets holding locks: no database work for the many that hold none.
    for (const socket of [...holders]) {
      const data = socket.data as SleepSocketData;
      // A holder's set is never empty (letGo drops the socket with its last study).
      const studies = data.sleepHeld ?? new Set<number>();
      const renewed = await renewLocks(opts.db, data.userId, [...studies], now);
      // A lease that lapsed while the socket was away may be another reader's now: no longer this socket's.
      for (const studyId of studies) if (!renewed.includes(studyId)) letGo(socket, studyId);
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

function answer(ack: unknown, result: SleepLockAck): void {
  if (typeof ack === 'function') (ack as (result: SleepLockAck) => void)(result);
}
