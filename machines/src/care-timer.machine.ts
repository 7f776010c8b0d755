import type { ActivityTimer, TIME_CATEGORIES, TIMER_PROGRAMS } from '@rpm/shared';
import { SESSION_IDLE_MS } from '@rpm/shared';
import { assign, fromPromise, setup } from 'xstate';

type Program = (typeof TIMER_PROGRAMS)[number];

/** What the stop dialog asks (issue 41 §2): where the time goes and what it was; or a discard. */
export type TimerStopChoice =
  | {
      readonly discard: false;
      readonly program: Program;
      readonly category: (typeof TIME_CATEGORIES)[number];
      readonly note: string;
      readonly interactive: boolean;
    }
  | { readonly discard: true };

export interface CareTimerInput {
  /** The chart's patient. */
  readonly patientId: number;
  /** The user's setting: start the timer when the chart opens (decisions.md "Care timer"). */
  readonly autoStart: boolean;
  /** The program an automatic start times. */
  readonly program: Program;
}

export interface CareTimerContext extends CareTimerInput {
  /** The user's running timer as the server answered it, this chart's or another's; null when none runs. */
  readonly timer: ActivityTimer | null;
  /** The user stopped another chart's timer to work on this one: start here afterwards. */
  readonly startAfterStop: boolean;
}

export type CareTimerEvent =
  | { type: 'START'; program: Program }
  /** A key or pointer press of the user (debounced by the caller). */
  | { type: 'ACTIVITY' }
  | { type: 'RESUME' }
  /** Stop was pressed: the dialog asks; the timer keeps counting until it is answered. */
  | { type: 'STOP' }
  | { type: 'ANSWER'; choice: TimerStopChoice }
  | { type: 'CANCEL' }
  | { type: 'SET_AUTO_START'; autoStart: boolean };

const isMine = ({ context }: { context: CareTimerContext }) =>
  context.timer?.patient_id === context.patientId;
const isPaused = ({ context }: { context: CareTimerContext }) => context.timer?.paused_at != null;

/**
 * The care timer of the patient banner (issue 41 §2; decisions.md "Care timer"). The server keeps one timer per
 * user, so the chart first reads it: this chart's timer continues (across tabs and reloads), another chart's is
 * shown as running elsewhere and must be stopped before this one starts, and with none it starts by itself when the
 * user's setting says so. A running timer pauses after the session's idle limit without activity (000 §9); Stop
 * asks program, category, note and contact before the time is logged. Effects are the provided actors.
 */
export const careTimerMachine = setup({
  types: {} as { context: CareTimerContext; events: CareTimerEvent; input: CareTimerInput },
  actors: {
    load: fromPromise<ActivityTimer | null>(async () => {
      throw new Error('load must be provided');
    }),
    start: fromPromise<ActivityTimer, { patientId: number; program: Program }>(async () => {
      throw new Error('start must be provided');
    }),
    pause: fromPromise<ActivityTimer, { timerId: number }>(async () => {
      throw new Error('pause must be provided');
    }),
    resume: fromPromise<ActivityTimer, { timerId: number }>(async () => {
      throw new Error('resume must be provided');
    }),
    stop: fromPromise<{ seconds: number }, { timerId: number; choice: TimerStopChoice }>(async () => {
      throw new Error('stop must be provided');
    }),
  },
  actions: {
    /** The time was logged (or discarded): the caller reloads what shows logged time. */
    logged: (_, _params: { seconds: number }) => undefined,
    setTimer: assign({ timer: (_, params: { timer: ActivityTimer | null }) => params.timer }),
  },
  delays: { idle: SESSION_IDLE_MS },
  guards: {
    isMine,
    isPaused,
    mineAndPaused: (args) => isMine(args) && isPaused(args),
    someoneElse: ({ context }) => context.timer !== null && context.timer.patient_id !== context.patientId,
    autoStart: ({ context }) => context.autoStart,
    startAfterStop: ({ context }) => context.startAfterStop,
  },
}).createMachine({
  id: 'careTimer',
  context: ({ input }) => ({ ...input, timer: null, startAfterStop: false }),
  on: { SET_AUTO_START: { actions: assign({ autoStart: ({ event }) => event.autoStart }) } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: [
          {
            guard: ({ event, context }) => event.output?.patient_id === context.patientId,
            target: 'mine',
            actions: { type: 'setTimer', params: ({ event }) => ({ timer: event.output }) },
          },
          {
            guard: ({ event }) => event.output !== null,
            target: 'elsewhere',
            actions: { type: 'setTimer', params: ({ event }) => ({ timer: event.output }) },
          },
          { guard: 'autoStart', target: 'starting' },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    idle: {
      on: { START: { target: 'starting', actions: assign({ program: ({ event }) => event.program }) } },
    },
    starting: {
      invoke: {
        src: 'start',
        input: ({ context }) => ({ patientId: context.patientId, program: context.program }),
        onDone: {
          target: 'mine',
          actions: { type: 'setTimer', params: ({ event }) => ({ timer: event.output }) },
        },
        // 409: another timer started meanwhile (another browser tab): read it again.
        onError: 'loading',
      },
    },
    /** This chart's timer. */
    mine: {
      initial: 'choose',
      states: {
        choose: { always: [{ guard: 'isPaused', target: 'paused' }, { target: 'running' }] },
        running: {
          after: { idle: 'pausing' },
          on: { ACTIVITY: { target: 'running', reenter: true } },
        },
        pausing: {
          invoke: {
            src: 'pause',
            input: ({ context }) => ({ timerId: context.timer?.timer_id ?? 0 }),
            onDone: {
              target: 'paused',
              actions: { type: 'setTimer', params: ({ event }) => ({ timer: event.output }) },
            },
            onError: '#careTimer.loading',
          },
        },
        paused: { on: { RESUME: 'resuming' } },
        resuming: {
          invoke: {
            src: 'resume',
            input: ({ context }) => ({ timerId: context.timer?.timer_id ?? 0 }),
            onDone: {
              target: 'running',
              actions: { type: 'setTimer', params: ({ event }) => ({ timer: event.output }) },
            },
            onError: '#careTimer.loading',
          },
        },
      },
      on: { STOP: 'asking' },
    },
    /** The user's timer runs on another chart: this one never runs beside it. */
    elsewhere: {
      on: { STOP: { target: 'asking', actions: assign({ startAfterStop: true }) } },
    },
    /** The stop dialog is open; the timer keeps counting on the server. */
    asking: {
      on: {
        ANSWER: 'stopping',
        CANCEL: [
          { guard: 'mineAndPaused', target: 'mine.paused' },
          { guard: 'isMine', target: 'mine.running' },
          { target: 'elsewhere', actions: assign({ startAfterStop: false }) },
        ],
      },
    },
    stopping: {
      invoke: {
        src: 'stop',
        input: ({ context, event }) => ({
          timerId: context.timer?.timer_id ?? 0,
          choice: (event as Extract<CareTimerEvent, { type: 'ANSWER' }>).choice,
        }),
        onDone: [
          {
            guard: 'startAfterStop',
            target: 'starting',
            actions: [
              { type: 'logged', params: ({ event }) => ({ seconds: event.output.seconds }) },
              assign({ timer: null, startAfterStop: false }),
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'logged', params: ({ event }) => ({ seconds: event.output.seconds }) },
              assign({ timer: null }),
            ],
          },
        ],
        // The error dialog says why (409: the month's claim was sent); the question stays open.
        onError: 'asking',
      },
    },
  },
});
