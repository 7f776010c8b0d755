import { HUB_EVENTS, sleepLockAck } from '@rpm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHubConnect, useHubEmit, useHubEvent, useHubRequest } from '../hub/HubProvider';
import type { HubEventName } from '../hub/hub-events';

/** Where the reader stands with a study's lock (000 §4.11). */
export type StudyLock =
  | { readonly kind: 'taking' }
  /** Ours: `token` fences every interpretation write. */
  | { readonly kind: 'held'; readonly token: number }
  | { readonly kind: 'other'; readonly userName: string; readonly since: string }
  /** Ours no longer (broken by an administrator, lapsed): read-only until reopened. */
  | { readonly kind: 'lost' }
  | { readonly kind: 'failed'; readonly error: string };

/** A hand-over between two readers (decisions.md "Sleep lock hand-over"), as this view sees it. */
export interface HandOver {
  /** This reader asked the holder: not yet, waiting for the answer, or the holder kept the study. */
  readonly asked: 'no' | 'waiting' | 'kept';
  /** Another reader asking this holder for the study, until answered. */
  readonly incoming: { readonly userId: number; readonly userName: string } | null;
  /** Why the last request or answer failed, if it did. */
  readonly error: string | null;
  /** Asks the holder (SLEEP::HANDOVER_REQUEST). */
  readonly request: () => void;
  /** The holder's 'Hand over' (true) or 'Keep' (false) (SLEEP::HANDOVER_ANSWER). */
  readonly answer: (accept: boolean) => void;
}

/**
 * Takes the lock of study `testId` over the hub on open (SLEEP::LOCK; its acknowledgement, parsed with the shared
 * schema, gives the fencing token or the holder) and frees it on close (SLEEP::FREE). While another reader holds
 * it, their SLEEP::FREE broadcast lets this reader take it; a reconnect takes it again (the server keeps the
 * holder's token through a short drop). `lose()` turns a held lock read-only (a write answered 409).
 */
export function useStudyLock(
  testId: number,
  me: { readonly userId: number; readonly userName: string } | null,
): { readonly lock: StudyLock; readonly lose: () => void; readonly handOver: HandOver } {
  // The latest senders, so a new function identity never re-takes or frees the lock.
  const request = useHubRequest();
  const emit = useHubEmit();
  const hub = useRef({ request, emit });
  hub.current = { request, emit };
  const [lock, setLock] = useState<StudyLock>({ kind: 'taking' });
  const [attempt, setAttempt] = useState(0);
  /** Whether this view holds the lock now: what closing frees. */
  const held = useRef(false);
  const userId = me?.userId;
  const userName = me?.userName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks again.
  useEffect(() => {
    if (userId === undefined || userName === undefined) return;
    let current = true;
    const { request, emit } = hub.current;
    request(HUB_EVENTS.sleepLock, { testId, userId, userName }).then(
      (raw) => {
        const ack = sleepLockAck.safeParse(raw);
        const next: StudyLock = !ack.success
          ? { kind: 'failed', error: 'The server gave an unexpected answer.' }
          : ack.data.ok && ack.data.token !== undefined
            ? { kind: 'held', token: ack.data.token }
            : !ack.data.ok && ack.data.lockedBy
              ? { kind: 'other', userName: ack.data.lockedBy.userName, since: ack.data.lockedBy.since }
              : { kind: 'failed', error: ack.data.ok ? 'The server gave no lock token.' : ack.data.error };
        held.current = next.kind === 'held';
        if (current) setLock(next);
        // Closed while the answer was on its way: give the lock back at once.
        else if (held.current) emit(HUB_EVENTS.sleepFree, { testId, userId });
      },
      (error: unknown) => {
        if (current)
          setLock({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [testId, userId, userName, attempt]);

  // Closing the view (or opening another study) frees the lock it holds.
  useEffect(
    () => () => {
      if (held.current && userId !== undefined) hub.current.emit(HUB_EVENTS.sleepFree, { testId, userId });
      held.current = false;
    },
    [testId, userId],
  );

  const again = () => setAttempt((n) => n + 1);
  useHubEvent(HUB_EVENTS.sleepFree, (event) => {
    if (event.testId === testId && lock.kind === 'other') again();
  });
  const [asked, setAsked] = useState<HandOver['asked']>('no');
  const [incoming, setIncoming] = useState<HandOver['incoming']>(null);
  const [handOverError, setHandOverError] = useState<string | null>(null);
  /** Sends a hand-over event; answers whether the server accepted it (else its reason is shown). */
  const handOverSend = async (event: HubEventName, payload: unknown) => {
    setHandOverError(null);
    const ack = sleepLockAck.safeParse(await hub.current.request(event, payload).catch((e: unknown) => e));
    const error = !ack.success ? 'The server gave no answer.' : ack.data.ok ? null : ack.data.error;
    setHandOverError(error);
    return error === null;
  };
  useHubEvent(HUB_EVENTS.sleepHandOverRequest, (event) => {
    if (event.testId === testId && lock.kind === 'held')
      setIncoming({ userId: event.userId, userName: event.userName ?? '' });
  });
  useHubEvent(HUB_EVENTS.sleepHandOverAnswer, (event) => {
    if (event.testId !== testId || event.requesterId !== userId || lock.kind !== 'other') return;
    setAsked(event.accept ? 'no' : 'kept');
    // Handed over: the server moved the lease to this reader; taking it gives this view the token.
    if (event.accept) again();
  });
  const handOver: HandOver = {
    asked,
    incoming,
    error: handOverError,
    request: () => {
      if (userId === undefined) return;
      void handOverSend(HUB_EVENTS.sleepHandOverRequest, { testId, userId }).then((ok) => {
        if (ok) setAsked('waiting');
      });
    },
    answer: (accept) => {
      const to = incoming;
      if (userId === undefined || !to) return;
      setIncoming(null);
      void handOverSend(HUB_EVENTS.sleepHandOverAnswer, {
        testId,
        userId,
        requesterId: to.userId,
        accept,
      }).then((ok) => {
        if (!ok || !accept) return;
        // Ours no more: closing frees nothing; read-only under the new holder (their broadcast sets since when).
        held.current = false;
        setLock({ kind: 'other', userName: to.userName, since: new Date().toISOString() });
      });
    },
  };

  useHubEvent(HUB_EVENTS.sleepLock, (event) => {
    if (event.testId !== testId || event.userId === userId) return;
    // Someone else took it: ours was broken or lapsed, or the holder changed.
    if (lock.kind === 'held') {
      held.current = false;
      setLock({ kind: 'lost' });
    } else if (lock.kind === 'other')
      setLock({ kind: 'other', userName: event.userName, since: event.since ?? lock.since });
  });
  useHubConnect(() => {
    if (lock.kind === 'held' || lock.kind === 'failed' || lock.kind === 'taking') again();
  });

  const lose = useCallback(() => {
    held.current = false;
    setLock({ kind: 'lost' });
  }, []);
  return { lock, lose, handOver };
}
