import type { CallContact } from '@rpm/machines';
import type { AgentStateChoice, CentreEvent, ContactCentre } from './contact-centre';

/** The simulator's agent states, in the order a contact centre lists them (the third is 'Offline'). */
const DEMO_AGENT_STATES = ['Available', 'Training', 'Offline'] as const;

/** What the demo panel shows and acts on. */
export interface DemoLine {
  readonly agentState: string;
  /** ringing: an inbound call waits; talking: a call is connected (inbound accepted, or outbound placed). */
  readonly line: 'idle' | 'ringing' | 'talking';
  readonly contact: CallContact | null;
}

/** The demo contact centre's controls, besides the {@link ContactCentre} interface the softphone drives. */
export interface DemoCentre extends ContactCentre {
  /** A simulated inbound call from this number (no patient_id attribute: the softphone looks the caller up). */
  ring(phoneNumber: string): void;
  answer(): void;
  /** Lets the ringing call go unanswered: Missed, then its end. */
  miss(): void;
  hangUp(): void;
  subscribe(listener: () => void): () => void;
  snapshot(): DemoLine;
}

/**
 * A contact-centre simulator with the same interface as the Streams adapter, labelled 'Demo contact
 * centre': it reports the events Amazon Connect would (inbound voice from CONNECTING, an end after a miss), so the
 * demo and the tests drive the same softphone machine. Nothing leaves the browser but the app's own calls.
 */
export function demoCentre(): DemoCentre {
  let emit: (event: CentreEvent) => void = () => {};
  let state: DemoLine = { agentState: DEMO_AGENT_STATES[0], line: 'idle', contact: null };
  const listeners = new Set<() => void>();
  const set = (change: Partial<DemoLine>) => {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  };
  const setAgent = (name: string) => {
    set({ agentState: name });
    emit({ type: 'AGENT_STATE', name });
  };
  const contactOf = (inbound: boolean, phoneNumber: string): CallContact => ({
    contactId: `demo-${crypto.randomUUID()}`,
    voice: true,
    inbound,
    phoneNumber,
    patientId: null,
  });
  const end = () => {
    if (state.contact === null) return;
    emit({ type: 'CONTACT_ENDED', contact: state.contact });
    set({ line: 'idle', contact: null });
  };

  return {
    start(_container, to) {
      emit = to;
      emit({ type: 'AGENT_READY' });
      emit({ type: 'AGENT_STATE', name: state.agentState });
    },
    setAgentState(choice: AgentStateChoice) {
      if (state.line !== 'idle' && choice !== 'Available') return;
      setAgent(
        choice === 'first' ? DEMO_AGENT_STATES[0] : choice === 'third' ? DEMO_AGENT_STATES[2] : choice,
      );
    },
    dial(phoneNumber) {
      if (state.line !== 'idle') return;
      const contact = contactOf(false, phoneNumber);
      set({ line: 'talking', contact });
      emit({ type: 'CONTACT_CONNECTING', contact });
    },
    stop() {
      end();
      emit = () => {};
    },
    ring(phoneNumber) {
      if (state.line !== 'idle') return;
      const contact = contactOf(true, phoneNumber);
      set({ line: 'ringing', contact });
      emit({ type: 'CONTACT_CONNECTING', contact });
    },
    answer() {
      if (state.line !== 'ringing' || state.contact === null) return;
      set({ line: 'talking' });
      emit({ type: 'CONTACT_ACCEPTED', contact: state.contact });
    },
    miss() {
      if (state.line !== 'ringing' || state.contact === null) return;
      emit({ type: 'CONTACT_MISSED', contact: state.contact });
      end();
    },
    hangUp: end,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => state,
  };
}
