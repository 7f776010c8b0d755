// Over 300 lines: one machine, every rule of 000 §4.9 (line, outcomes, prompt, minutes) with its types and helpers.
import {
  type AGENT_PRESENCE,
  CALL_BLUR_DELAY_MS,
  CALL_BLUR_DELAY_SIDEBAR_MS,
  type CALL_STATUSES,
  E164,
  type PatientMatch,
  PHONE_PREFIX,
  type TIMER_PROGRAMS,
} from '@rpm/shared';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

type CallStatus = (typeof CALL_STATUSES)[number];
type Program = (typeof TIMER_PROGRAMS)[number];
type Presence = (typeof AGENT_PRESENCE)[number];

/** A contact as the contact-centre adapter reports it (000 §3 call contact attributes: patient_id, patient_phone_number). */
export interface CallContact {
  readonly contactId: string;
  /** A voice call (queued callbacks and chats are not). */
  readonly voice: boolean;
  readonly inbound: boolean;
  /** The other party's number: the patient_phone_number attribute, else the connection's endpoint. */
  readonly phoneNumber: string | null;
  /** The patient_id attribute, when the contact flow set one. */
  readonly patientId: number | null;
}

/** The call the machine follows: the contact, the patient it is about, and the outcome reported. */
export interface CurrentCall {
  readonly contactId: string;
  readonly inbound: boolean;
  readonly phoneNumber: string | null;
  readonly patientId: number | null;
  readonly status: CallStatus | null;
}

/** What an ended call with a patient offers: its duration as RPM or CCM minutes (decisions.md "Call minutes"). */
export interface MinutesOffer {
  readonly callId: number;
  readonly patientId: number;
  readonly durationSeconds: number;
}

export interface SoftphoneInput {
  /** 000 §4.9: the sidebar variant waits 2 s before the blur message instead of 1 s. */
  readonly sidebar: boolean;
}

export interface SoftphoneContext {
  readonly sidebar: boolean;
  /** The agent has loaded in the contact centre. */
  readonly ready: boolean;
  /** The agent state's name as the contact centre reports it ('Available', 'Offline', …). */
  readonly agentState: string | null;
  /** 000 §4.9: connecting, incoming and accepted set it; ended and missed clear it. */
  readonly calling: boolean;
  /** 000 §4.9: a reported outcome other than Missed marks a call in progress. */
  readonly inProgress: boolean;
  readonly call: CurrentCall | null;
  /** An outbound call asked for and not yet connected: its patient. */
  readonly dialling: { readonly patientId: number | null; readonly phoneNumber: string } | null;
  /** The contact whose caller is being looked up for the prompt. */
  readonly promptContactId: string | null;
  /** The patient of the 'open patient chart' prompt. */
  readonly promptPatientId: number | null;
  /** Several patients share the caller's number (decisions.md "Caller lookup of a shared number"). */
  readonly promptChoices: readonly PatientMatch[];
  readonly offer: MinutesOffer | null;
  readonly loggedMinutes: number | null;
}

export type SoftphoneEvent =
  | { type: 'AGENT_READY' }
  | { type: 'AGENT_STATE'; name: string }
  | { type: 'CONTACT_CONNECTING'; contact: CallContact }
  | { type: 'CONTACT_INCOMING'; contact: CallContact }
  | { type: 'CONTACT_ACCEPTED'; contact: CallContact }
  | { type: 'CONTACT_ENDED'; contact: CallContact }
  | { type: 'CONTACT_MISSED'; contact: CallContact }
  /** make_task_call_mobile / make_task_call_phone (000 §4.9): the patient's number without the +1. */
  | { type: 'DIAL'; number: string; patientId: number | null }
  | { type: 'PROMPT_ACCEPT' }
  /** The patient the agent chose among the callers sharing the number. */
  | { type: 'PROMPT_CHOOSE'; patientId: number }
  | { type: 'PROMPT_DISMISS' }
  | { type: 'LOG_MINUTES'; program: Program }
  | { type: 'SKIP_MINUTES' };

/** 000 §5: '+1' before the patient's number; dialled only when the result is E.164. */
export function outboundNumber(number: string): string | null {
  const full = `${PHONE_PREFIX}${number.trim()}`;
  return E164.test(full) ? full : null;
}

/** 000 §5: the leading '+1' stripped before a patient lookup. */
export function lookupNumber(phoneNumber: string): string {
  return phoneNumber.startsWith(PHONE_PREFIX) ? phoneNumber.slice(PHONE_PREFIX.length) : phoneNumber;
}

/** The call an event is about, keeping what is known already of the same contact (its patient, its outcome). */
function callOf(context: SoftphoneContext, contact: CallContact): CurrentCall {
  const same = context.call?.contactId === contact.contactId ? context.call : null;
  const dialled = !contact.inbound ? context.dialling : null;
  return {
    contactId: contact.contactId,
    inbound: contact.inbound,
    phoneNumber: contact.phoneNumber ?? same?.phoneNumber ?? dialled?.phoneNumber ?? null,
    patientId: contact.patientId ?? same?.patientId ?? dialled?.patientId ?? null,
    status: same?.status ?? null,
  };
}

/** 000 §4.9: only inbound voice contacts prompt (from the connecting event, not onIncoming). */
const promptable = (contact: CallContact) => contact.inbound && contact.voice;

/**
 * The softphone agent (000 §4.9). Effects are provided by the client: the contact-centre adapter
 * (`setAgentState`, `dial`), the window (`openChart`, `sendBlur`), the calls (`reportCallStatus`, and the actors
 * `lookupPatient`, `endCall`, `logMinutes`), and `chartOpen` (whether the current URL already names the patient).
 *
 * - `line`: calling true from connecting, incoming or accepted; ended or missed clear it and, after 1 s (2 s in the
 *   sidebar variant), `sendBlur`. A DIAL goes out only while not calling and only to an E.164 number.
 * - outcomes, once per contact: an inbound accept reports Accepted, an outbound call connecting reports Called, a
 *   miss reports Missed; Missed sets the agent to its first state, the others to 'Available' and mark a call in
 *   progress (an end clears it).
 * - `prompt`: an inbound voice contact's patient (its patient_id, else the caller looked up by number without the
 *   +1, failures ignored) whose chart is not open prompts 'open patient chart with patient id {id}'; accepting
 *   opens it in a new window. Several patients with the number are listed and the agent chooses one
 *   to open; chosen before the call's outcome is reported, it is the call's patient
 *   (decisions.md "Caller lookup of a shared number").
 * - `wrapUp`: an ended Accepted or Called call is ended on the server; with a patient its minutes are offered.
 */
const softphone = setup({
  types: {} as { context: SoftphoneContext; events: SoftphoneEvent; input: SoftphoneInput },
  actors: {
    /** Every patient in the agent's scope with the number (none: an empty list). */
    lookupPatient: fromPromise<readonly PatientMatch[], { mobileNumber: string }>(async () => {
      throw new Error('lookupPatient must be provided');
    }),
    endCall: fromPromise<{ callId: number; durationSeconds: number }, { contactId: string }>(async () => {
      throw new Error('endCall must be provided');
    }),
    logMinutes: fromPromise<number, { callId: number; program: Program }>(async () => {
      throw new Error('logMinutes must be provided');
    }),
  },
  actions: {
    /** 'first' and 'third' are the agent's states by position (000 §4.9); 'Available' by name. */
    setAgentState: (_, _params: { state: 'first' | 'third' | 'Available' }) => {},
    dial: (_, _params: { phoneNumber: string }) => {},
    /** rpm/aws/setCallStatus; its answer and failures are ignored (000 §7). */
    reportCallStatus: (_, _params: { call: CurrentCall; status: CallStatus }) => {},
    /** rpm/aws/setCallPatient: the caller chosen after the call was recorded; failures are ignored (000 §7). */
    reportCallPatient: (_, _params: { contactId: string; patientId: number }) => {},
    openChart: (_, _params: { patientId: number }) => {},
    sendBlur: () => {},
  },
  guards: {
    /** The current URL already names this patient (000 §4.9). */
    chartOpen: (_, _params: { patientId: number }) => false,
  },
  delays: {
    blurDelay: ({ context }) => (context.sidebar ? CALL_BLUR_DELAY_SIDEBAR_MS : CALL_BLUR_DELAY_MS),
  },
});

const trackCall = softphone.assign(({ context, event }) => {
  if (!('contact' in event)) return {};
  return { call: callOf(context, event.contact), dialling: event.contact.inbound ? context.dialling : null };
});

/** Reports the call's outcome once per contact and sets the agent's state after it (000 §4.9). */
const outcome = (status: CallStatus) =>
  softphone.enqueueActions(({ context, enqueue }) => {
    const call = context.call;
    if (call === null || call.status !== null) return;
    const reported = { ...call, status };
    enqueue.assign({ call: reported, inProgress: status !== 'Missed' });
    enqueue({ type: 'reportCallStatus', params: { call: reported, status } });
    enqueue({ type: 'setAgentState', params: { state: status === 'Missed' ? 'first' : 'Available' } });
  });

export const softphoneMachine = softphone.createMachine({
  id: 'softphone',
  context: ({ input }) => ({
    sidebar: input.sidebar,
    ready: false,
    agentState: null,
    calling: false,
    inProgress: false,
    call: null,
    dialling: null,
    promptContactId: null,
    promptPatientId: null,
    promptChoices: [],
    offer: null,
    loggedMinutes: null,
  }),
  type: 'parallel',
  on: {
    AGENT_READY: {
      actions: [assign({ ready: true }), { type: 'setAgentState', params: { state: 'third' } }],
    },
    AGENT_STATE: { actions: assign({ agentState: ({ event }) => event.name }) },
  },
  states: {
    line: {
      initial: 'idle',
      states: {
        idle: {},
        calling: {
          entry: assign({ calling: true }),
          exit: assign({ calling: false }),
        },
        settling: {
          after: { blurDelay: { target: 'idle', actions: 'sendBlur' } },
        },
      },
      on: {
        DIAL: {
          guard: ({ context, event }) => !context.calling && outboundNumber(event.number) !== null,
          actions: [
            assign({
              dialling: ({ event }) => ({
                patientId: event.patientId,
                phoneNumber: outboundNumber(event.number) as string,
              }),
            }),
            {
              type: 'dial',
              params: ({ event }) => ({ phoneNumber: outboundNumber(event.number) as string }),
            },
          ],
        },
        CONTACT_CONNECTING: [
          {
            guard: ({ event }) => !event.contact.inbound,
            target: '.calling',
            actions: [trackCall, outcome('Called')],
          },
          { target: '.calling', actions: trackCall },
        ],
        CONTACT_INCOMING: { target: '.calling', actions: trackCall },
        CONTACT_ACCEPTED: [
          {
            guard: ({ event }) => event.contact.inbound,
            target: '.calling',
            actions: [trackCall, outcome('Accepted')],
          },
          { target: '.calling', actions: trackCall },
        ],
        CONTACT_ENDED: { target: '.settling', actions: [trackCall, assign({ inProgress: false })] },
        CONTACT_MISSED: {
          target: '.settling',
          actions: [trackCall, outcome('Missed')],
        },
      },
    },
    prompt: {
      initial: 'none',
      states: {
        none: {
          entry: assign({ promptPatientId: null, promptChoices: [] }),
          on: {
            CONTACT_CONNECTING: {
              guard: ({ event }) => promptable(event.contact),
              target: 'resolving',
              actions: assign({ promptContactId: ({ event }) => event.contact.contactId }),
            },
          },
        },
        resolving: {
          always: [
            {
              guard: ({ context }) => context.call?.patientId != null,
              target: 'deciding',
            },
            {
              guard: ({ context }) => (context.call?.phoneNumber ?? null) !== null,
              target: 'lookingUp',
            },
            { target: 'none' },
          ],
        },
        lookingUp: {
          invoke: {
            src: 'lookupPatient',
            input: ({ context }) => ({ mobileNumber: lookupNumber(context.call?.phoneNumber ?? '') }),
            onDone: [
              {
                // The answer is about the contact looked up, not a later one.
                guard: ({ context, event }) =>
                  event.output.length === 1 && context.call?.contactId === context.promptContactId,
                target: 'deciding',
                actions: assign(({ context, event }) => ({
                  call:
                    context.call === null
                      ? null
                      : { ...context.call, patientId: event.output[0]?.patient_id ?? null },
                })),
              },
              {
                guard: ({ context, event }) =>
                  event.output.length > 1 && context.call?.contactId === context.promptContactId,
                target: 'choosing',
                actions: assign({ promptChoices: ({ event }) => event.output }),
              },
              { target: 'none' },
            ],
            // 000 §7, §8: failures of the lookup are ignored.
            onError: 'none',
          },
        },
        deciding: {
          always: [
            {
              guard: {
                type: 'chartOpen',
                params: ({ context }) => ({ patientId: context.call?.patientId as number }),
              },
              target: 'none',
            },
            {
              target: 'asking',
              actions: assign({ promptPatientId: ({ context }) => context.call?.patientId ?? null }),
            },
          ],
        },
        choosing: {
          on: {
            PROMPT_CHOOSE: {
              guard: ({ context, event }) =>
                context.promptChoices.some((p) => p.patient_id === event.patientId),
              target: 'none',
              actions: [
                // Not yet reported, the call is recorded with the chosen patient; already reported, the record is
                // told the patient. Either way its minutes can be logged on that patient.
                softphone.enqueueActions(({ context, event, enqueue }) => {
                  const call = context.call;
                  if (call === null || call.patientId != null || event.type !== 'PROMPT_CHOOSE') return;
                  const { patientId } = event;
                  enqueue.assign({ call: { ...call, patientId } });
                  if (call.status !== null)
                    enqueue({ type: 'reportCallPatient', params: { contactId: call.contactId, patientId } });
                }),
                { type: 'openChart', params: ({ event }) => ({ patientId: event.patientId }) },
              ],
            },
            PROMPT_DISMISS: 'none',
            CONTACT_MISSED: 'none',
          },
        },
        asking: {
          on: {
            PROMPT_ACCEPT: {
              target: 'none',
              actions: {
                type: 'openChart',
                params: ({ context }) => ({ patientId: context.promptPatientId as number }),
              },
            },
            PROMPT_DISMISS: 'none',
            // A missed call has nobody to talk to: decisions.md "Softphone prompt".
            CONTACT_MISSED: 'none',
          },
        },
      },
    },
    wrapUp: {
      initial: 'none',
      states: {
        none: {
          on: {
            CONTACT_ENDED: {
              guard: ({ context, event }) =>
                context.call?.contactId === event.contact.contactId &&
                (context.call.status === 'Accepted' || context.call.status === 'Called'),
              target: 'ending',
            },
          },
        },
        ending: {
          invoke: {
            src: 'endCall',
            input: ({ context }) => ({ contactId: context.call?.contactId ?? '' }),
            onDone: [
              {
                guard: ({ context }) => context.call?.patientId != null,
                target: 'offering',
                actions: assign({
                  loggedMinutes: null,
                  offer: ({ context, event }) => ({
                    callId: event.output.callId,
                    patientId: context.call?.patientId as number,
                    durationSeconds: event.output.durationSeconds,
                  }),
                }),
              },
              { target: 'none' },
            ],
            onError: 'none',
          },
        },
        offering: {
          on: {
            LOG_MINUTES: 'logging',
            SKIP_MINUTES: { target: 'none', actions: assign({ offer: null }) },
          },
        },
        logging: {
          invoke: {
            src: 'logMinutes',
            input: ({ context, event }) => ({
              callId: context.offer?.callId ?? 0,
              program: (event as Extract<SoftphoneEvent, { type: 'LOG_MINUTES' }>).program,
            }),
            onDone: {
              target: 'none',
              actions: assign(({ event }) => ({ offer: null, loggedMinutes: event.output })),
            },
            // The client shows the failure (000 §8); the offer stays so the agent can try again.
            onError: 'offering',
          },
        },
      },
    },
  },
});

export type SoftphoneSnapshot = SnapshotFrom<typeof softphoneMachine>;

/** The presence label the panel shows (000 §4.9, §9: online, idle, bussy, offline). */
export function agentPresence(snapshot: SoftphoneSnapshot): Presence {
  const { ready, calling, agentState } = snapshot.context;
  if (!ready || agentState === 'Offline') return 'offline';
  if (calling) return 'bussy';
  return agentState === 'Available' ? 'online' : 'idle';
}
