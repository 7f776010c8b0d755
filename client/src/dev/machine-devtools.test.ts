import { sessionMachine } from '@rpm/machines';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';

const inspected: unknown[] = [];
const createBrowserInspector = vi.fn((options: { sanitizeContext: (c: object) => object }) => ({
  inspect: { next: (event: unknown) => inspected.push(event) },
  options,
}));
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector }));

/** A fresh copy of the module: its recorder and inspector state are per page load. */
async function load() {
  vi.resetModules();
  return import('./machine-devtools');
}

const input = { roleid: [8], is_interpreting_prac: 0 as const };

describe('machine devtools', () => {
  it('records without loading the inspector when it is not switched on', async () => {
    const dev = await load();
    dev.installMachineDevtools();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY' });
    actor.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(createBrowserInspector).not.toHaveBeenCalled();
    const recording = JSON.parse(window.__rpmMachines?.export('session') ?? 'null');
    expect(recording.events.map((e: { event: { type: string } }) => e.event.type)).toEqual([
      'xstate.init',
      'ACTIVITY',
    ]);
    expect(window.__rpmMachines?.export('nothing')).toBeNull();
    delete window.__rpmMachines;
  });

  it('?inspect=1 switches the inspector on; it loads lazily and gets the events held until then', async () => {
    window.history.replaceState(null, '', '/app/dashboard?inspect=1');
    const dev = await load();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY' });
    expect(localStorage.getItem(dev.INSPECT_KEY)).toBe('1');
    await vi.waitFor(() => expect(createBrowserInspector).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(inspected.length).toBeGreaterThan(2));
    const before = inspected.length;
    actor.send({ type: 'ACTIVITY' });
    expect(inspected.length).toBeGreaterThan(before);
    // Tokens are kept out of the inspector.
    const { sanitizeContext } = createBrowserInspector.mock.calls[0]?.[0] ?? { sanitizeContext: () => ({}) };
    expect(sanitizeContext({ current: { token: 't' } })).toEqual({ current: { token: '[redacted]' } });
    actor.stop();

    window.history.replaceState(null, '', '/app/dashboard?inspect=0');
    expect(dev.inspectorWanted()).toBe(false);
    window.history.replaceState(null, '', '/');
  });

  it('replays an exported recording in the inspector', async () => {
    const dev = await load();
    dev.installMachineDevtools();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY' });
    const exported = window.__rpmMachines?.export('session') ?? '';
    actor.stop();
    inspected.length = 0;
    const value = await window.__rpmMachines?.replay(exported);
    expect(value).toEqual({ active: { activity: 'settling', expiry: 'watching', ping: 'waiting' } });
    expect(inspected.length).toBeGreaterThan(0);
    await expect(window.__rpmMachines?.replay({ machine: 'nope', dropped: 0, events: [] })).rejects.toThrow(
      "No machine 'nope'",
    );
    delete window.__rpmMachines;
  });
});
