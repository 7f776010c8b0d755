import { TAB_BLUR_DELAY_MS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  holdsSoftphone,
  type TabCall,
  type TabMessage,
  tabCoordinationMachine,
} from './tab-coordination.machine.js';
import { advance } from './test-clock.js';

const call: TabCall = { presence: 'bussy', calling: true, phoneNumber: '+15551230001', patientId: 4 };

function start(tabId = 'tab-a') {
  const clock = new SimulatedClock();
  const posted: TabMessage[] = [];
  const effects: string[] = [];
  const machine = tabCoordinationMachine.provide({
    actions: {
      post: (_, { message }) => posted.push(message),
      requestLock: () => effects.push('request'),
      stealLock: () => effects.push('steal'),
      dialHere: (_, { number, patientId }) => effects.push(`dial ${number} ${patientId}`),
    },
  });
  const actor = createActor(machine, { clock, input: { tabId } }).start();
  return { actor, clock, posted, effects, holds: () => holdsSoftphone(actor.getSnapshot()) };
}

describe('tab coordination (000 §4.10)', () => {
  it('announces itself with focus, waits for the lock, and on the lock announces first_tab', () => {
    const { actor, posted, effects, holds } = start();
    expect(posted).toEqual([{ type: 'focus', tabId: 'tab-a' }]);
    expect(effects).toEqual(['request']);
    expect(holds()).toBe(false);
    actor.send({ type: 'LOCK_GRANTED' });
    expect(holds()).toBe(true);
    expect(posted.at(-1)).toEqual({ type: 'first_tab', tabId: 'tab-a' });
  });

  it('the holder answers a focus and every call change with tabs_data', () => {
    const { actor, posted } = start();
    actor.send({ type: 'LOCK_GRANTED' });
    actor.send({ type: 'CALL_STATE', call });
    expect(posted.at(-1)).toEqual({ type: 'tabs_data', tabId: 'tab-a', holderId: 'tab-a', call });
    actor.send({ type: 'MESSAGE', message: { type: 'focus', tabId: 'tab-b' } });
    expect(posted.at(-1)).toEqual({ type: 'tabs_data', tabId: 'tab-a', holderId: 'tab-a', call });
  });

  it('another tab shows the holder and its call, forgets it on unload, and asks it to dial', () => {
    const { actor, posted, effects } = start('tab-b');
    actor.send({ type: 'DIAL', number: '5551234567', patientId: 4 });
    expect(posted).toHaveLength(1); // nobody to ask yet
    actor.send({ type: 'MESSAGE', message: { type: 'first_tab', tabId: 'tab-a' } });
    actor.send({ type: 'MESSAGE', message: { type: 'tabs_data', tabId: 'tab-a', holderId: 'tab-a', call } });
    expect(actor.getSnapshot().context).toMatchObject({ holderId: 'tab-a', call });
    actor.send({ type: 'DIAL', number: '5551234567', patientId: 4 });
    expect(posted.at(-1)).toEqual({
      type: 'dial',
      tabId: 'tab-b',
      to: 'tab-a',
      number: '5551234567',
      patientId: 4,
    });
    expect(effects).toEqual(['request']);
    actor.send({ type: 'MESSAGE', message: { type: 'unload', tabId: 'tab-a' } });
    expect(actor.getSnapshot().context).toMatchObject({ holderId: null, call: null });
  });

  it('the holder dials requests addressed to it and its own', () => {
    const { actor, effects } = start();
    actor.send({ type: 'LOCK_GRANTED' });
    const dial = { type: 'dial', tabId: 'tab-b', number: '5551234567', patientId: 4 } as const;
    actor.send({ type: 'MESSAGE', message: { ...dial, to: 'tab-c' } });
    actor.send({ type: 'MESSAGE', message: { ...dial, to: 'tab-a' } });
    actor.send({ type: 'DIAL', number: '5559876543', patientId: null });
    expect(effects).toEqual(['request', 'dial 5551234567 4', 'dial 5559876543 null']);
  });

  it('toggle_task: takes the softphone on request unless the holder is in a call; a lost lock waits again', () => {
    const { actor, posted, effects, holds } = start('tab-b');
    actor.send({ type: 'MESSAGE', message: { type: 'tabs_data', tabId: 'tab-a', holderId: 'tab-a', call } });
    actor.send({ type: 'TAKE' });
    expect(effects).toEqual(['request']);
    const idle = { ...call, calling: false, presence: 'online' };
    actor.send({
      type: 'MESSAGE',
      message: { type: 'tabs_data', tabId: 'tab-a', holderId: 'tab-a', call: idle },
    });
    actor.send({ type: 'TAKE' });
    expect(posted.at(-1)).toEqual({ type: 'toggle_task', tabId: 'tab-b' });
    expect(effects).toEqual(['request', 'steal']);
    actor.send({ type: 'LOCK_GRANTED' });
    expect(holds()).toBe(true);
    actor.send({ type: 'LOCK_LOST' });
    expect(holds()).toBe(false);
    expect(effects).toEqual(['request', 'steal', 'request']);
  });

  it('sends blur 1 s after the window blurs, not when focus comes back first', async () => {
    const { actor, clock, posted } = start();
    posted.length = 0;
    actor.send({ type: 'BLUR' });
    await advance(clock, TAB_BLUR_DELAY_MS - 1, 100);
    actor.send({ type: 'FOCUS' });
    await advance(clock, 5000);
    expect(posted).toEqual([]);
    actor.send({ type: 'BLUR' });
    await advance(clock, TAB_BLUR_DELAY_MS, 100);
    expect(posted).toEqual([{ type: 'blur', tabId: 'tab-a' }]);
    actor.send({ type: 'FOCUS' });
    actor.send({ type: 'UNLOAD' });
    actor.send({ type: 'CALL_BLUR' });
    expect(posted.slice(1)).toEqual([
      { type: 'focus', tabId: 'tab-a' },
      { type: 'unload', tabId: 'tab-a' },
      { type: 'blur', tabId: 'tab-a' },
    ]);
  });
});
