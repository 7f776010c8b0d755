import {
  CALL_BLUR_DELAY_MS,
  CALL_BLUR_DELAY_SIDEBAR_MS,
  type PatientMatch,
  type TIMER_PROGRAMS,
} from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  agentPresence,
  type CallContact,
  lookupNumber,
  outboundNumber,
  softphoneMachine,
} from './softphone.machine.js';
import { advance, flush } from './test-clock.js';

const inbound = (over: Partial<CallContact> = {}): CallContact => ({
  contactId: 'c-1',
  voice: true,
  inbound: true,
  phoneNumber: '+15551230001',
  patientId: 42,
  ...over,
});
const outbound = (over: Partial<CallContact> = {}): CallContact =>
  inbound({ contactId: 'c-out', inbound: false, phoneNumber: null, patientId: null, ...over });

interface Options {
  readonly sidebar?: boolean;
  /** Patients the current URL names. */
  readonly openCharts?: number[];
  /** The patients (ids) with each number; a missing number has none; 'fail' throws. */
  readonly lookup?: Record<string, number | number[]> | 'fail';
}

/** A patient the lookup answers. */
const match = (patient_id: number): PatientMatch => ({
  patient_id,
  firstname: 'Ann',
  lastname: 'Lee',
  dob: '1950-01-02',
  mrn: null,
  practice_name: 'Northwind',
});

/** A softphone with every effect recorded as a line, on a simulated clock. */
function start({ sidebar = false, openCharts = [], lookup = {} }: Options = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const machine = softphoneMachine.provide({
    actors: {
      lookupPatient: fromPromise<readonly PatientMatch[], { mobileNumber: string }>(async ({ input }) => {
        log.push(`lookup ${input.mobileNumber}`);
        if (lookup === 'fail') throw new Error('404');
        return [lookup[input.mobileNumber] ?? []].flat().map(match);
      }),
      endCall: fromPromise<{ callId: number; durationSeconds: number }, { contactId: string }>(
        async ({ input }) => {
          log.push(`endCall ${input.contactId}`);
          return { callId: 7, durationSeconds: 125 };
        },
      ),
      logMinutes: fromPromise<number, { callId: number; program: (typeof TIMER_PROGRAMS)[number] }>(
        async ({ input }) => {
          log.push(`logMinutes ${input.callId} ${input.program}`);
          return 3;
        },
      ),
    },
    actions: {
      setAgentState: (_, { state }) => log.push(`agent ${state}`),
      dial: (_, { phoneNumber }) => log.push(`dial ${phoneNumber}`),
      reportCallPatient: (_, { contactId, patientId }) => log.push(`patient ${contactId} ${patientId}`),
      reportCallStatus: (_, { call, status }) =>
        log.push(`status ${status} ${call.contactId} patient ${call.patientId} ${call.phoneNumber}`),
      openChart: (_, { patientId }) => log.push(`open ${patientId}`),
      sendBlur: () => log.push(`blur@${clock.now()}`),
    },
    guards: { chartOpen: (_, { patientId }) => openCharts.includes(patientId) },
  });
  const actor = createActor(machine, { clock, input: { sidebar } }).start();
  return { actor, clock, log, ctx: () => actor.getSnapshot().context };
}

describe('softphone agent (000 §4.9)', () => {
  it('sets the agent to its third state on load and shows the presence labels', () => {
    const { actor, log } = start();
    expect(agentPresence(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'AGENT_READY' });
    expect(log).toEqual(['agent third']);
    actor.send({ type: 'AGENT_STATE', name: 'Available' });
    expect(agentPresence(actor.getSnapshot())).toBe('online');
    actor.send({ type: 'AGENT_STATE', name: 'Lunch' });
    expect(agentPresence(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'CONTACT_INCOMING', contact: inbound() });
    expect(agentPresence(actor.getSnapshot())).toBe('bussy');
    actor.send({ type: 'AGENT_STATE', name: 'Offline' });
    actor.send({ type: 'CONTACT_ENDED', contact: inbound() });
    expect(agentPresence(actor.getSnapshot())).toBe('offline');
  });

  it.each(['CONTACT_CONNECTING', 'CONTACT_INCOMING', 'CONTACT_ACCEPTED'] as const)(
    '%s marks calling; ended clears it and blurs after 1 s',
    async (type) => {
      const { actor, clock, log, ctx } = start({ openCharts: [42] });
      actor.send({ type, contact: inbound() });
      expect(ctx().calling).toBe(true);
      actor.send({ type: 'CONTACT_ENDED', contact: inbound() });
      expect(ctx().calling).toBe(false);
      await advance(clock, CALL_BLUR_DELAY_MS - 1, 100);
      expect(log.filter((l) => l.startsWith('blur'))).toEqual([]);
      await advance(clock, 1, 1);
      expect(log.filter((l) => l.startsWith('blur'))).toEqual([`blur@${CALL_BLUR_DELAY_MS}`]);
    },
  );

  it('blurs 2 s after a missed call in the sidebar variant, and reports Missed with the agent to its first state', async () => {
    const { actor, clock, log, ctx } = start({ sidebar: true, openCharts: [42] });
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    actor.send({ type: 'CONTACT_MISSED', contact: inbound() });
    expect(ctx().calling).toBe(false);
    expect(ctx().inProgress).toBe(false);
    expect(log).toEqual(['status Missed c-1 patient 42 +15551230001', 'agent first']);
    await advance(clock, CALL_BLUR_DELAY_MS, 100);
    expect(log.some((l) => l.startsWith('blur'))).toBe(false);
    await advance(clock, CALL_BLUR_DELAY_SIDEBAR_MS - CALL_BLUR_DELAY_MS, 100);
    expect(log.at(-1)).toBe(`blur@${CALL_BLUR_DELAY_SIDEBAR_MS}`);
  });

  it('a new call before the blur cancels it', async () => {
    const { actor, clock, log } = start({ openCharts: [42] });
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    actor.send({ type: 'CONTACT_ENDED', contact: inbound() });
    await advance(clock, 500, 100);
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ contactId: 'c-2' }) });
    await advance(clock, 5000);
    expect(log.some((l) => l.startsWith('blur'))).toBe(false);
  });

  it('reports Accepted once on an inbound accept, sets Available and marks a call in progress', () => {
    const { actor, log, ctx } = start({ openCharts: [42] });
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound() });
    actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound() });
    expect(log).toEqual(['status Accepted c-1 patient 42 +15551230001', 'agent Available']);
    expect(ctx().inProgress).toBe(true);
  });

  it('dials +1 and the number only when E.164-valid and not calling; reports Called with the patient', () => {
    const { actor, log } = start();
    actor.send({ type: 'DIAL', number: '55512', patientId: 9 });
    actor.send({ type: 'DIAL', number: '5551234567890123', patientId: 9 });
    expect(log).toEqual([]);
    actor.send({ type: 'DIAL', number: '5551234567', patientId: 9 });
    expect(log).toEqual(['dial +15551234567']);
    actor.send({ type: 'CONTACT_CONNECTING', contact: outbound() });
    expect(log.slice(1)).toEqual(['status Called c-out patient 9 +15551234567', 'agent Available']);
    actor.send({ type: 'DIAL', number: '5559998888', patientId: 10 });
    expect(log.filter((l) => l.startsWith('dial'))).toHaveLength(1);
  });

  it('prompts for an inbound voice contact whose patient is not in the URL; accepting opens the chart', () => {
    const { actor, log, ctx } = start();
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    expect(ctx().promptPatientId).toBe(42);
    actor.send({ type: 'PROMPT_ACCEPT' });
    expect(log).toEqual(['open 42']);
    expect(ctx().promptPatientId).toBeNull();
  });

  it('does not prompt when the chart is open, for a non-voice contact, or for an outbound call', () => {
    const open = start({ openCharts: [42] });
    open.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    expect(open.ctx().promptPatientId).toBeNull();
    const callback = start();
    callback.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ voice: false }) });
    expect(callback.ctx().promptPatientId).toBeNull();
    const out = start();
    out.actor.send({ type: 'CONTACT_CONNECTING', contact: outbound({ patientId: 5 }) });
    expect(out.ctx().promptPatientId).toBeNull();
  });

  it('dismissing or a miss closes the prompt without opening a chart', () => {
    const { actor, log, ctx } = start();
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    actor.send({ type: 'PROMPT_DISMISS' });
    expect(ctx().promptPatientId).toBeNull();
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ contactId: 'c-2' }) });
    expect(ctx().promptPatientId).toBe(42);
    actor.send({ type: 'CONTACT_MISSED', contact: inbound({ contactId: 'c-2' }) });
    expect(ctx().promptPatientId).toBeNull();
    expect(log.some((l) => l.startsWith('open'))).toBe(false);
  });

  it('looks the caller up by number without +1 when the contact has no patient_id; failures are ignored', async () => {
    const found = start({ lookup: { '5551230001': 77 } });
    found.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ patientId: null }) });
    await flush();
    expect(found.log).toEqual(['lookup 5551230001']);
    expect(found.ctx().promptPatientId).toBe(77);
    found.actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound({ patientId: null }) });
    expect(found.log).toContain('status Accepted c-1 patient 77 +15551230001');

    const failing = start({ lookup: 'fail' });
    failing.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ patientId: null }) });
    await flush();
    expect(failing.ctx().promptPatientId).toBeNull();
    expect(failing.actor.getSnapshot().status).toBe('active');
  });

  it('lists the patients sharing the caller’s number; the one chosen opens and, before the outcome, is the call’s', async () => {
    const { actor, log, ctx } = start({ lookup: { '5551230001': [77, 78] } });
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ patientId: null }) });
    await flush();
    expect(ctx().promptPatientId).toBeNull();
    expect(ctx().promptChoices.map((p) => p.patient_id)).toEqual([77, 78]);
    // Only a listed patient can be chosen.
    actor.send({ type: 'PROMPT_CHOOSE', patientId: 99 });
    expect(ctx().promptChoices).toHaveLength(2);
    actor.send({ type: 'PROMPT_CHOOSE', patientId: 78 });
    expect(log.at(-1)).toBe('open 78');
    expect(ctx().promptChoices).toEqual([]);
    actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound({ patientId: null }) });
    expect(log).toContain('status Accepted c-1 patient 78 +15551230001');

    // Chosen after the outcome was reported (without a patient): the record is told the patient, the
    // chart opens, and the call's minutes go to that patient.
    const late = start({ lookup: { '5551230001': [77, 78] } });
    late.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ patientId: null }) });
    await flush();
    late.actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound({ patientId: null }) });
    expect(late.log).toContain('status Accepted c-1 patient null +15551230001');
    late.actor.send({ type: 'PROMPT_CHOOSE', patientId: 77 });
    expect(late.log.slice(-2)).toEqual(['patient c-1 77', 'open 77']);
    expect(late.ctx().call?.patientId).toBe(77);

    // Dismissed, or missed: nothing opens.
    const dismissed = start({ lookup: { '5551230001': [77, 78] } });
    dismissed.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound({ patientId: null }) });
    await flush();
    dismissed.actor.send({ type: 'CONTACT_MISSED', contact: inbound({ patientId: null }) });
    expect(dismissed.ctx().promptChoices).toEqual([]);
    expect(dismissed.log.some((l) => l.startsWith('open'))).toBe(false);
  });

  it('after an ended call with a patient offers its minutes: endCall, then logCallMinutes', async () => {
    const { actor, log, ctx } = start({ openCharts: [42] });
    actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound() });
    actor.send({ type: 'CONTACT_ENDED', contact: inbound() });
    await flush();
    expect(log).toContain('endCall c-1');
    expect(ctx().offer).toEqual({ callId: 7, patientId: 42, durationSeconds: 125 });
    actor.send({ type: 'LOG_MINUTES', program: 'CCM' });
    await flush();
    expect(log.at(-1)).toBe('logMinutes 7 CCM');
    expect(ctx().offer).toBeNull();
    expect(ctx().loggedMinutes).toBe(3);
  });

  it('offers nothing for a missed call or a call without a patient; skipping closes the offer', async () => {
    const missed = start({ openCharts: [42] });
    missed.actor.send({ type: 'CONTACT_CONNECTING', contact: inbound() });
    missed.actor.send({ type: 'CONTACT_MISSED', contact: inbound() });
    missed.actor.send({ type: 'CONTACT_ENDED', contact: inbound() });
    await flush();
    expect(missed.log.some((l) => l.startsWith('endCall'))).toBe(false);

    const nobody = start({ lookup: {} });
    nobody.actor.send({ type: 'DIAL', number: '5551234567', patientId: null });
    nobody.actor.send({ type: 'CONTACT_CONNECTING', contact: outbound() });
    nobody.actor.send({ type: 'CONTACT_ENDED', contact: outbound() });
    await flush();
    expect(nobody.log).toContain('endCall c-out');
    expect(nobody.ctx().offer).toBeNull();

    const skipped = start({ openCharts: [42] });
    skipped.actor.send({ type: 'CONTACT_ACCEPTED', contact: inbound() });
    skipped.actor.send({ type: 'CONTACT_ENDED', contact: inbound() });
    await flush();
    skipped.actor.send({ type: 'SKIP_MINUTES' });
    expect(skipped.ctx().offer).toBeNull();
    expect(skipped.log.some((l) => l.startsWith('logMinutes'))).toBe(false);
  });
});

describe('numbers (000 §5)', () => {
  it('prefixes +1 and checks E.164; strips a leading +1 for a lookup', () => {
    expect(outboundNumber('5551234567')).toBe('+15551234567');
    expect(outboundNumber('555-123')).toBeNull();
    expect(lookupNumber('+15551234567')).toBe('5551234567');
    expect(lookupNumber('5551234567')).toBe('5551234567');
  });
});
