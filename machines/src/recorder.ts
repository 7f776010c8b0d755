import type { AnyEventObject, InspectionEvent } from 'xstate';

/**
 * Who sent a recorded event: `external` (the app: a click, a timer of the app, a socket message), `self` (the
 * machine's own delayed events, which a replay regenerates from its clock) or `child` (an invoked actor's answer).
 */
export type RecordedSource = 'external' | 'self' | 'child';

/** One event a machine's root actor received. */
export interface RecordedEvent {
  /** When it arrived, in ms of the recorder's clock. */
  readonly at: number;
  readonly source: RecordedSource;
  readonly event: AnyEventObject;
}

/** A machine's recorded events, as `window.__rpmMachines.export(id)` gives them (architecture.md "Adding a machine"). */
export interface Recording {
  readonly machine: string;
  /** Events left out because the recording is bounded; a replay of a recording that dropped some starts late. */
  readonly dropped: number;
  readonly events: readonly RecordedEvent[];
}

export interface RecorderOptions {
  /** The clock the times come from (Date.now in the app, a SimulatedClock in tests). */
  readonly now: () => number;
  /** The most events kept per machine besides its start; older ones are dropped. */
  readonly limit?: number;
}

/** A bounded in-memory recorder of machines' events, fed through the actors' `inspect` option. */
export interface Recorder {
  /** The `inspect` observer for the actor of `machineId`; a new actor of that id starts a new recording. */
  readonly inspect: (machineId: string) => (event: InspectionEvent) => void;
  readonly export: (machineId: string) => Recording | null;
  readonly machines: () => string[];
}

/** Fields whose values are secrets: a recording may be pasted into a bug report. */
const SECRET_KEYS = new Set([
  'token',
  'user_token',
  'password',
  'captchaToken',
  'superPassword',
  'newPassword',
]);
const MAX_DEPTH = 8;

/** A JSON-safe copy of `value` with secrets replaced and errors reduced to their name and message. */
export function sanitize(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (depth >= MAX_DEPTH) return '[deep]';
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((item) => sanitize(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.has(key) && typeof item === 'string' ? '[redacted]' : sanitize(item, depth + 1);
  }
  return copy;
}

interface Track {
  start: RecordedEvent | null;
  events: RecordedEvent[];
  dropped: number;
}

/** Creates a {@link Recorder} keeping, per machine, its start event and its newest `limit` (500) events. */
export function createRecorder({ now, limit = 500 }: RecorderOptions): Recorder {
  const tracks = new Map<string, Track>();

  const inspect = (machineId: string) => (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event') return;
    // Only what the machine itself received, not its invoked actors' own events.
    if (inspection.actorRef.sessionId !== inspection.rootId) return;
    const { sourceRef, actorRef } = inspection;
    const source: RecordedSource =
      sourceRef === undefined ? 'external' : sourceRef === actorRef ? 'self' : 'child';
    const recorded: RecordedEvent = {
      at: now(),
      source,
      event: sanitize(inspection.event) as AnyEventObject,
    };
    if (inspection.event.type === 'xstate.init') {
      tracks.set(machineId, { start: recorded, events: [], dropped: 0 });
      return;
    }
    let track = tracks.get(machineId);
    if (!track) {
      track = { start: null, events: [], dropped: 0 };
      tracks.set(machineId, track);
    }
    track.events.push(recorded);
    if (track.events.length > limit) {
      track.events.shift();
      track.dropped++;
    }
  };

  return {
    inspect,
    export: (machineId) => {
      const track = tracks.get(machineId);
      if (!track) return null;
      return {
        machine: machineId,
        dropped: track.dropped,
        events: track.start ? [track.start, ...track.events] : [...track.events],
      };
    },
    machines: () => [...tracks.keys()],
  };
}
