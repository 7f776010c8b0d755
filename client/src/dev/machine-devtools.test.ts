// vitest: isolate (reads window.__rpmMachines, which other files fill)
import { sessionMachine } from '@rpm/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { makeUser, storeUser } from '../test/fixtures';

/** A fresh copy of the module: its recorder and inspector state are per page load. */
async function load() {
  vi.resetModules();
  return import('./machine-devtools');
}

const input = { roleid: [8], is_interpreting_prac: 0 as const };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  delete window.__rpmMachines;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('machine devtools (issue 11 #10)', () => {
  it('records in a development build; export gives the events for a test', async () => {
    const dev = await load();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY' });
    actor.stop();
    const recording = JSON.parse(window.__rpmMachines?.export('session') ?? 'null');
    expect(recording.events.map((e: { event: { type: string } }) => e.event.type)).toEqual([
      'xstate.init',
      'ACTIVITY',
    ]);
    expect(window.__rpmMachines?.export('nothing')).toBeNull();
  });

  it('?inspect=1 writes the events to this browser’s console only, tokens redacted', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    window.history.replaceState(null, '', '/app/dashboard?inspect=1');
    const dev = await load();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY', token: 'secret-token' } as never);
    actor.stop();
    expect(localStorage.getItem(dev.INSPECT_KEY)).toBe('1');
    const logged = JSON.stringify(debug.mock.calls);
    expect(logged).toContain('[session] event');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain('secret-token');
    expect(fetchSpy).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/app/dashboard?inspect=0');
    expect(dev.inspectorWanted()).toBe(false);
  });

  it('replays an exported recording, writing it to the console', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    localStorage.setItem('rpmInspect', '1');
    const dev = await load();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY' });
    const exported = window.__rpmMachines?.export('session') ?? '';
    actor.stop();
    debug.mockClear();
    const value = await window.__rpmMachines?.replay(exported);
    expect(value).toEqual({ active: { activity: 'settling', expiry: 'watching', ping: 'waiting' } });
    expect(debug).toHaveBeenCalled();
    await expect(window.__rpmMachines?.replay({ machine: 'nope', dropped: 0, events: [] })).rejects.toThrow(
      "No machine 'nope'",
    );
  });

  it('is off in a production build, unless the server named the user', async () => {
    vi.stubEnv('DEV', false);
    let dev = await load();
    const actor = createActor(sessionMachine, { input, inspect: dev.machineInspector('session') }).start();
    actor.send({ type: 'ACTIVITY' });
    actor.stop();
    expect(window.__rpmMachines).toBeUndefined();
    expect(dev.devtoolsAllowed()).toBe(false);
    storeUser(makeUser({ devtools: 1 }));
    dev = await load();
    expect(dev.devtoolsAllowed()).toBe(true);
    dev.machineInspector('session');
    expect(window.__rpmMachines).toBeDefined();
  });
});
