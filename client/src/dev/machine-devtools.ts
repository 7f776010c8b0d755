import {
  createRecorder,
  notificationCountMachine,
  type Recording,
  replayEvents,
  sanitize,
  sessionMachine,
  taskCountMachine,
  temporaryLoginMachine,
} from '@rpm/machines';
import { type AnyStateMachine, type InspectionEvent, SimulatedClock } from 'xstate';

/**
 * Developer tools for the app's machines (DESIGN.md "Machines": record a machine's events in the running app and
 * replay them in a test or in the XState inspector):
 * - every machine actor's events are kept in memory, the newest 500 per machine, and
 *   `window.__rpmMachines.export('session')` gives them as JSON `{ machine, dropped, events }` for
 *   `replayEvents` in a test;
 * - with `localStorage.rpmInspect === '1'` (add `?inspect=1` to a signed-in page's URL; `?inspect=0` switches it
 *   off) the Stately inspector (@statelyai/inspect, loaded on demand) shows the live actors;
 * - `window.__rpmMachines.replay(json)` replays an exported recording in the inspector, with the machine's
 *   default (empty) effects, so nothing in the app changes.
 */

/** The local-storage switch of the Stately inspector. */
export const INSPECT_KEY = 'rpmInspect';

/** The machines the app runs, by the id their recordings carry. */
const MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  session: sessionMachine,
  temporaryLogin: temporaryLoginMachine,
  notificationCount: notificationCountMachine,
  taskCount: taskCountMachine,
};

/** What `window.__rpmMachines` offers in the browser console. */
export interface MachineDevtools {
  /** Ids of the machines recorded so far. */
  readonly machines: () => string[];
  /** The recording of one machine as JSON, or `null` when it has none. */
  readonly export: (machineId: string) => string | null;
  /** Replays an exported recording in the Stately inspector; resolves with the final state value. */
  readonly replay: (recording: string | Recording) => Promise<unknown>;
}

declare global {
  interface Window {
    __rpmMachines?: MachineDevtools;
  }
}

const recorder = createRecorder({ now: () => Date.now() });

/** Events that arrived before the inspector's code loaded; bounded like the inspector's own queue. */
const MAX_PENDING = 1000;
const pending: InspectionEvent[] = [];
let forward: ((event: InspectionEvent) => void) | null = null;
let loading: Promise<(event: InspectionEvent) => void> | null = null;

/** Whether the inspector is switched on; `?inspect=1` / `?inspect=0` in the URL switch it first. */
export function inspectorWanted(): boolean {
  const asked = new URLSearchParams(window.location.search).get('inspect');
  if (asked === '1') localStorage.setItem(INSPECT_KEY, '1');
  if (asked === '0') localStorage.removeItem(INSPECT_KEY);
  return localStorage.getItem(INSPECT_KEY) === '1';
}

/** Loads the Stately inspector once (its code is a separate chunk) and sends it the events held so far. */
function loadInspector(): Promise<(event: InspectionEvent) => void> {
  loading ??= import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({
      // Tokens stay out of the inspector window, as out of recordings.
      sanitizeContext: (context) => sanitize(context) as typeof context,
      sanitizeEvent: (event) => sanitize(event) as typeof event,
    });
    const send = (event: InspectionEvent) => inspector.inspect.next?.(event);
    forward = send;
    for (const event of pending.splice(0)) send(event);
    return send;
  });
  return loading;
}

/**
 * The `inspect` option for the actor of `machineId`: records its events and, when the inspector is switched on,
 * sends every inspection event to it.
 */
export function machineInspector(machineId: string): (event: InspectionEvent) => void {
  const record = recorder.inspect(machineId);
  const inspected = inspectorWanted();
  if (inspected) void loadInspector();
  return (event) => {
    record(event);
    if (!inspected) return;
    if (forward) forward(event);
    else if (pending.length < MAX_PENDING) pending.push(event);
  };
}

async function replay(recording: string | Recording): Promise<unknown> {
  const parsed: Recording = typeof recording === 'string' ? JSON.parse(recording) : recording;
  const machine = MACHINES[parsed.machine];
  if (!machine) throw new Error(`No machine '${parsed.machine}'; known: ${Object.keys(MACHINES).join(', ')}`);
  const inspect = await loadInspector();
  return replayEvents(machine, parsed.events, { clock: new SimulatedClock(), inspect }).value;
}

/** Puts {@link MachineDevtools} on `window.__rpmMachines`. */
export function installMachineDevtools(): void {
  window.__rpmMachines ??= {
    machines: () => recorder.machines(),
    export: (machineId) => {
      const recording = recorder.export(machineId);
      return recording === null ? null : JSON.stringify(recording);
    },
    replay,
  };
}
