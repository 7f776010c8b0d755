import { getAdjacencyMap, getStateNodes } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, EventObject } from 'xstate';
import { type CallContact, softphoneMachine } from './softphone.machine.js';

/**
 * Path tests over the softphone's whole state graph (@xstate/graph): every event of 000 §4.9 from every reachable
 * state, timers and actor answers included; the rules must hold on every edge, not only on the example paths.
 */

const contact = (contactId: string, over: Partial<CallContact>): CallContact => ({
  contactId,
  voice: true,
  inbound: true,
  phoneNumber: '+15551230001',
  patientId: null,
  ...over,
});
const CONTACTS = [
  contact('in-closed', { patientId: 5 }),
  contact('out', { inbound: false, phoneNumber: null }),
];
const TYPES = ['CONTACT_CONNECTING', 'CONTACT_ACCEPTED', 'CONTACT_ENDED', 'CONTACT_MISSED'] as const;
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const caller = (patient_id: number) => ({
  patient_id,
  firstname: 'Ann',
  lastname: 'Lee',
  dob: '1950-01-02',
  mrn: null,
  practice_name: 'Northwind',
});

const EVENTS: AnyEventObject[] = [
  { type: 'AGENT_READY' },
  ...CONTACTS.flatMap((c) => TYPES.map((type) => ({ type, contact: c }))),
  { type: 'DIAL', number: '5551234567', patientId: 9 },
  { type: 'CONTACT_CONNECTING', contact: contact('in-unknown', {}) },
  { type: 'CONTACT_INCOMING', contact: CONTACTS[0] },
  { type: 'CONTACT_CONNECTING', contact: contact('in-open', { patientId: 42 }) },
  { type: 'PROMPT_ACCEPT' },
  { type: 'PROMPT_DISMISS' },
  { type: 'LOG_MINUTES', program: 'RPM' },
  { type: 'SKIP_MINUTES' },
  { type: 'xstate.after.blurDelay.softphone.line.settling' },
  done('0.softphone.prompt.lookingUp', [caller(77)]),
  done('0.softphone.prompt.lookingUp', []),
  // A number two patients share, and the agent's choice.
  done('0.softphone.prompt.lookingUp', [caller(77), caller(78)]),
  { type: 'PROMPT_CHOOSE', patientId: 78 },
  { type: 'xstate.error.actor.0.softphone.prompt.lookingUp', error: new Error('404') },
  done('0.softphone.wrapUp.ending', { callId: 3, durationSeconds: 61 }),
  done('0.softphone.wrapUp.logging', 2),
];

const machine = softphoneMachine.provide({
  guards: { chartOpen: (_, { patientId }) => patientId === 42 },
});
type Snap = ReturnType<typeof machine.transition>;
/**
 * A state's identity for the walk: its value and the context the machine reads. `ready` and `loggedMinutes` are
 * written and never read (only shown), and `promptContactId` is read only while looking the caller up: snapshots
 * that differ in them alone have the same edges, so walking each once checks the same rules on a quarter of the graph.
 */
function serializeState(s: Snap): string {
  const { ready: _ready, loggedMinutes: _minutes, promptContactId, ...read } = s.context;
  const lookingUp = s.matches({ prompt: 'lookingUp' });
  return JSON.stringify({ value: s.value, read, promptContactId: lookingUp ? promptContactId : null });
}
const map = getAdjacencyMap(machine, {
  events: EVENTS as never,
  input: { sidebar: false },
  serializeState: serializeState as never,
});
const edges = Object.values(map).flatMap(({ state, transitions }) =>
  (Object.values(transitions) as { event: EventObject & { contact?: CallContact }; state: Snap }[]).map(
    (t) => ({ from: state as Snap, event: t.event, to: t.state }),
  ),
);
const leaves = (s: Snap) => s._nodes.filter((n) => n.type === 'atomic').map((n) => n.id);

describe('softphone paths (000 §4.9)', { timeout: 30_000 }, () => {
  it('reaches every state', () => {
    const reached = new Set(edges.flatMap((e) => [...leaves(e.from), ...leaves(e.to)]));
    const all = getStateNodes(machine.root)
      .filter((n) => n.type === 'atomic')
      .map((n) => n.id)
      // left at once by eventless transitions
      .filter((id) => !id.endsWith('.resolving') && !id.endsWith('.deciding'));
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('calling is true exactly while the line is in a call', () => {
    for (const { to } of edges) expect(to.context.calling).toBe(to.matches({ line: 'calling' }));
  });

  it('connecting, incoming and accepted set calling; ended and missed clear it', () => {
    for (const { event, to } of edges) {
      if (['CONTACT_CONNECTING', 'CONTACT_INCOMING', 'CONTACT_ACCEPTED'].includes(event.type)) {
        expect(to.context.calling).toBe(true);
      }
      if (['CONTACT_ENDED', 'CONTACT_MISSED'].includes(event.type)) {
        expect(to.context.calling).toBe(false);
        expect(to.matches({ line: 'settling' })).toBe(true);
      }
    }
  });

  it('leaves the settling line (the blur) only by its timer or a new call', () => {
    for (const { from, event, to } of edges) {
      if (from.matches({ line: 'settling' }) && to.matches({ line: 'idle' })) {
        expect(event.type).toBe('xstate.after.blurDelay.softphone.line.settling');
      }
    }
  });

  it('reports each outcome once, from its own event: Missed, Accepted (inbound), Called (outbound)', () => {
    const expected: Record<string, string> = {
      CONTACT_MISSED: 'Missed',
      CONTACT_ACCEPTED: 'Accepted',
      CONTACT_CONNECTING: 'Called',
    };
    let reports = 0;
    for (const { from, event, to } of edges) {
      const before = from.context.call;
      const after = to.context.call;
      if (!after || after.status === null) continue;
      if (before?.contactId === after.contactId && before.status !== null) {
        expect(after.status).toBe(before.status);
        continue;
      }
      reports++;
      expect(after.status).toBe(expected[event.type]);
      if (after.status === 'Called') expect(after.inbound).toBe(false);
      if (after.status === 'Accepted') expect(after.inbound).toBe(true);
      expect(to.context.inProgress).toBe(after.status !== 'Missed');
    }
    expect(reports).toBeGreaterThan(0);
  });

  it('prompts only for inbound voice contacts whose chart is not open', () => {
    for (const { from, event, to } of edges) {
      if (to.context.promptPatientId !== null && from.context.promptPatientId === null) {
        expect(to.context.promptPatientId).not.toBe(42);
        expect(to.context.call?.inbound).toBe(true);
      }
      expect(to.context.promptPatientId !== null, JSON.stringify([from.value, event, to.value])).toBe(
        to.matches({ prompt: 'asking' }),
      );
      expect(to.context.promptChoices.length > 0).toBe(to.matches({ prompt: 'choosing' }));
    }
  });

  it('offers minutes only for a call with a patient', () => {
    for (const { from, to } of edges) {
      if (to.context.offer !== null && from.context.offer === null) {
        expect(to.context.offer.patientId).toBe(from.context.call?.patientId);
      }
    }
  });
});
