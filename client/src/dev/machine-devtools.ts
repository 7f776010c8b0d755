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
import { readUser } from '../session/storage';

/**
 * Developer tools for the app's machines (architecture.md "Adding a machine": record a machine's events in the running app and
 * replay them in a test):
 * - every machine actor's events are kept in memory, the newest 500 per machine, and
 *   `window.__rpmMachines.export('session')` gives them as JSON `{ machine, dropped, events }` for
 *   `replayEvents` in a test;
 * - with `localStorage.rpmInspect === '1'` (add `?inspect=1` to a signed-in page's URL; `?inspect=0` switches it
 *   off) every inspection event is written to this browser's own console, tokens redacted;
 * - `window.__rpmMachines.replay(json)` replays an exported recording with the machine's default (empty) effects,
 *   writing its events to the console, so nothing in the app changes.
 * Nothing leaves the machine (no third-party inspector page receives events, which hold user names
 * and stored user records), and a production build turns all of it on only for the users the server names
 * (MACHINE_DEVTOOLS_USERS, the stored user's `devtools` flag; decisions.md "Machine devtools").
 */

/** The local-storage switch of the console inspector. */
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
  /** Replays an exported recording, writing its events to the console; resolves with the final state value. */
  readonly replay: (recording: string | Recording) => Promise<unknown>;
}

declare global {
  interface Window {
    __rpmMachines?: MachineDevtools;
  }
}

const recorder = createRecorder({ now: () => Date.now() });

/** Whether this build and this user may use the tools: any development build; production only if the server says. */
export function devtoolsAllowed(): boolean {
  return import.meta.env.DEV || readUser()?.devtools === 1;
}

/** Whether the console inspector is switched on; `?inspect=1` / `?inspect=0` in the URL switch it first. */
export function inspectorWanted(): boolean {
  const asked = new URLSearchParams(window.location.search).get('inspect');
  if (asked === '1') localStorage.setItem(INSPECT_KEY, '1');
  if (asked === '0') localStorage.removeItem(INSPECT_KEY);
  return localStorage.getItem(INSPECT_KEY) === '1';
}

/** Writes one inspection event to the browser's console, secrets redacted. */
function toConsole(machineId: string, event: InspectionEvent): void {
  if (event.type === '@xstate.event') console.debug(`[${machineId}] event`, sanitize(event.event));
  else if (event.type === '@xstate.snapshot')
    console.debug(`[${machineId}] state`, sanitize((event.snapshot as { value?: unknown }).value));
}

/**
 * The `inspect` option for the actor of `machineId`: records its events and, when the console inspector is switched
 * on, writes them to the console. Does nothing where the tools are not allowed.
 */
export function machineInspector(machineId: string): (event: InspectionEvent) => void {
  if (!devtoolsAllowed()) return () => undefined;
  installMachineDevtools();
  const record = recorder.inspect(machineId);
  const inspected = inspectorWanted();
  return (event) => {
    record(event);
    if (inspected) toConsole(machineId, event);
  };
}

async function replay(recording: string | Recording): Promise<unknown> {
  const parsed: Recording = typeof recording === 'string' ? JSON.parse(recording) : recording;
  const machine = MACHINES[parsed.machine];
  if (!machine) throw new Error(`No machine '${parsed.machine}'; known: ${Object.keys(MACHINES).join(', ')}`);
  const inspect = (event: InspectionEvent) => toConsole(parsed.machine, event);
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
