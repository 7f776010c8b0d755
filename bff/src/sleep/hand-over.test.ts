import { HUB_EVENTS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { lock, lockWorld, next, send } from './lock-test-world.js';

const w = lockWorld();

type HandOverRequest = { testId: number; userId: number; userName: string };
type HandOverAnswer = { testId: number; userId: number; requesterId: number; accept: boolean };

describe('sleep-test lock hand-over (issue 15 §2; decisions.md "Sleep lock hand-over")', () => {
  it('relays a request to the holder; "Hand over" moves the lease to the requester with a new token', async () => {
    const study = w.lakeside[5] as number;
    const holder = await w.tab(w.reader);
    const asker = await w.tab(w.second);
    const first = await lock(holder, w.reader, study);
    expect(first.ok).toBe(true);
    const asked = next<HandOverRequest>(holder, HUB_EVENTS.sleepHandOverRequest);
    expect(
      await send(asker, HUB_EVENTS.sleepHandOverRequest, { testId: study, userId: w.second.user.user_id }),
    ).toEqual({ ok: true });
    expect(await asked).toEqual({ testId: study, userId: w.second.user.user_id, userName: 'Omar Haddad' });

    const answered = next<HandOverAnswer>(asker, HUB_EVENTS.sleepHandOverAnswer);
    const relocked = next<{ testId: number; userId: number }>(asker, HUB_EVENTS.sleepLock);
    const answer = {
      testId: study,
      userId: w.reader.user.user_id,
      requesterId: w.second.user.user_id,
      accept: true,
    };
    expect(await send(holder, HUB_EVENTS.sleepHandOverAnswer, answer)).toEqual({ ok: true });
    expect(await answered).toEqual(answer);
    expect(await relocked).toMatchObject({ testId: study, userId: w.second.user.user_id });
    // The requester's tab takes the lease it was given: a larger fencing token, audited as a hand-over.
    const taken = await lock(asker, w.second, study);
    expect(taken.ok).toBe(true);
    expect(taken.token).toBeGreaterThan(first.token as number);
    expect(await w.audits('hand_over_sleep_test', study)).toHaveLength(1);
    // The former holder now gets the study read-only, and cannot hand over what it no longer holds.
    expect(await lock(holder, w.reader, study)).toMatchObject({ ok: false, error: 'Locked by Omar Haddad' });
    expect(await send(holder, HUB_EVENTS.sleepHandOverAnswer, answer)).toEqual({
      ok: false,
      error: `You no longer hold the lock of sleep test ${study}.`,
    });
  });

  it('"Keep" tells the requester and leaves the lock where it is', async () => {
    const study = w.lakeside[6] as number;
    const holder = await w.tab(w.reader);
    const asker = await w.tab(w.second);
    const first = await lock(holder, w.reader, study);
    const answered = next<HandOverAnswer>(asker, HUB_EVENTS.sleepHandOverAnswer);
    const keep = {
      testId: study,
      userId: w.reader.user.user_id,
      requesterId: w.second.user.user_id,
      accept: false,
    };
    expect(await send(holder, HUB_EVENTS.sleepHandOverAnswer, keep)).toEqual({ ok: true });
    expect(await answered).toEqual(keep);
    expect(await lock(holder, w.reader, study)).toMatchObject({ ok: true, token: first.token });
    expect(await w.audits('hand_over_sleep_test', study)).toHaveLength(0);
  });

  it('refuses a forged answer, a request for a free study, and a hand-over to a reader outside the scope', async () => {
    const study = w.lakeside[7] as number;
    const holder = await w.tab(w.reader);
    const asker = await w.tab(w.second);
    // Nobody holds it yet: nothing to ask for.
    expect(
      await send(asker, HUB_EVENTS.sleepHandOverRequest, { testId: study, userId: w.second.user.user_id }),
    ).toEqual({ ok: false, error: `Sleep test ${study} is not locked by another reader.` });
    await lock(holder, w.reader, study);
    // The requester cannot answer for the holder, nor 'keep' a lock it does not hold.
    const forged = {
      testId: study,
      userId: w.reader.user.user_id,
      requesterId: w.second.user.user_id,
      accept: true,
    };
    expect(await send(asker, HUB_EVENTS.sleepHandOverAnswer, forged)).toEqual({
      ok: false,
      error: 'SLEEP::HANDOVER_ANSWER may name only you.',
    });
    expect(
      await send(asker, HUB_EVENTS.sleepHandOverAnswer, {
        ...forged,
        userId: w.second.user.user_id,
        requesterId: w.reader.user.user_id,
        accept: false,
      }),
    ).toEqual({ ok: false, error: `You do not hold the lock of sleep test ${study}.` });
    // A Northwind user may not be handed a Lakeside study.
    expect(
      await send(holder, HUB_EVENTS.sleepHandOverAnswer, { ...forged, requesterId: w.outsider.user.user_id }),
    ).toEqual({ ok: false, error: `Sleep test ${study} does not exist.` });
    expect(await lock(holder, w.reader, study)).toMatchObject({ ok: true });
    expect(await w.audits('hand_over_sleep_test', study)).toHaveLength(0);
  });
});
