import type { CallContact } from '@rpm/machines';
import { AWS_REGION } from '@rpm/shared';
import type { AgentStateChoice, CentreEvent, ContactCentre } from './contact-centre';

/** The part of amazon-connect-streams' agent the softphone uses. */
export interface StreamsAgent {
  getName(): string;
  getState(): { name: string };
  getAgentStates(): { name: string }[];
  setState(state: { name: string }, callbacks?: { failure?: (error: string) => void }): void;
  connect(endpoint: unknown, options?: { failure?: (error: string) => void }): void;
  onStateChange(callback: (change: { newState: string }) => void): void;
}

/** The part of amazon-connect-streams' contact the softphone uses. */
export interface StreamsContact {
  getContactId(): string;
  getType(): string;
  isInbound(): boolean;
  getAttributes(): Record<string, { name: string; value: string } | undefined>;
  getInitialConnection(): { getEndpoint(): { phoneNumber: string } } | null | undefined;
  onConnecting(callback: (contact: StreamsContact) => void): void;
  onIncoming(callback: (contact: StreamsContact) => void): void;
  onAccepted(callback: (contact: StreamsContact) => void): void;
  onMissed(callback: (contact: StreamsContact) => void): void;
  onEnded(callback: (contact: StreamsContact) => void): void;
  onDestroy(callback: (contact: StreamsContact) => void): void;
}

/** `window.connect` as far as the softphone uses it (amazon-connect-streams 2.x). */
export interface StreamsLib {
  core: { initCCP(container: HTMLElement, options: object): void; terminate(): void };
  agent(callback: (agent: StreamsAgent) => void): void;
  contact(callback: (contact: StreamsContact) => void): void;
  Endpoint: { byPhoneNumber(phoneNumber: string): unknown };
}

/** Loads amazon-connect-streams (~190 KB) only when a call agent's panel needs it; it sets `window.connect`. */
export async function loadStreams(): Promise<StreamsLib> {
  await import('./streams-loader');
  return (window as unknown as { connect: StreamsLib }).connect;
}

/** The contact as the machine takes it, read while the library still has its data (before DESTROYED). */
function contactOf(contact: StreamsContact): CallContact {
  const attributes = contact.getAttributes();
  const patientId = Number.parseInt(attributes.patient_id?.value ?? '', 10);
  return {
    contactId: contact.getContactId(),
    voice: contact.getType() === 'voice',
    inbound: contact.isInbound(),
    phoneNumber:
      attributes.patient_phone_number?.value ??
      contact.getInitialConnection()?.getEndpoint().phoneNumber ??
      null,
    patientId: Number.isSafeInteger(patientId) && patientId > 0 ? patientId : null,
  };
}

/** The softphone the library shows once per page (it refuses a second initCCP, also under React StrictMode). */
let pageCcp: { container: HTMLElement } | null = null;

/**
 * Amazon Connect through amazon-connect-streams (000 §2.12): the CCP from the user's aws_link in
 * us-east-1 with a login popup, audio device and phone type settings, and the softphone framed (only the tab that
 * holds the softphone starts it). Inbound voice is reported from CONNECTING (the library fires onIncoming only for
 * queued callbacks); an end is reported once, from ENDED, or from DESTROYED when ENDED never came.
 */
export function streamsCentre(lib: StreamsLib, ccpUrl: string): ContactCentre {
  let emit: (event: CentreEvent) => void = () => {};
  let agent: StreamsAgent | null = null;
  const ignore = { failure: () => {} };

  return {
    start(container, to) {
      emit = to;
      if (pageCcp !== null) return;
      pageCcp = { container };
      lib.core.initCCP(container, {
        ccpUrl,
        region: AWS_REGION,
        loginPopup: true,
        softphone: { allowFramedSoftphone: true },
        pageOptions: { enableAudioDeviceSettings: true, enablePhoneTypeSettings: true },
      });
      // terminate() drops the library's subscriptions: subscribe after every initCCP.
      lib.agent((a) => {
        agent = a;
        emit({ type: 'AGENT_READY' });
        emit({ type: 'AGENT_STATE', name: a.getState().name });
        a.onStateChange((change) => emit({ type: 'AGENT_STATE', name: change.newState }));
      });
      lib.contact((c) => {
        const known = contactOf(c);
        let ended = false;
        const report = (type: CentreEvent['type']) => () => emit({ type, contact: known } as CentreEvent);
        c.onConnecting(report('CONTACT_CONNECTING'));
        c.onIncoming(report('CONTACT_INCOMING'));
        c.onAccepted(report('CONTACT_ACCEPTED'));
        c.onMissed(report('CONTACT_MISSED'));
        c.onEnded(() => {
          if (ended) return;
          ended = true;
          emit({ type: 'CONTACT_ENDED', contact: known });
        });
        c.onDestroy(() => {
          if (ended) return;
          ended = true;
          emit({ type: 'CONTACT_ENDED', contact: known });
        });
      });
    },
    setAgentState(choice: AgentStateChoice) {
      if (agent === null) return;
      const states = agent.getAgentStates();
      const state =
        choice === 'first'
          ? states[0]
          : choice === 'third'
            ? states[2]
            : states.find((s) => s.name === choice);
      // The library refuses a state change during a live contact: nothing to do then (STACK.md).
      if (state) agent.setState(state, ignore);
    },
    dial(phoneNumber) {
      agent?.connect(lib.Endpoint.byPhoneNumber(phoneNumber), ignore);
    },
    stop() {
      if (pageCcp === null) return;
      lib.core.terminate();
      pageCcp.container.replaceChildren();
      pageCcp = null;
    },
  };
}
