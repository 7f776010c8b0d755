import type { SoftphoneEvent } from '@rpm/machines';

/** What a contact centre tells the softphone machine: the agent and its contacts (000 §4.9). */
export type CentreEvent = Extract<
  SoftphoneEvent,
  {
    type:
      | 'AGENT_READY'
      | 'AGENT_STATE'
      | 'CONTACT_CONNECTING'
      | 'CONTACT_INCOMING'
      | 'CONTACT_ACCEPTED'
      | 'CONTACT_ENDED'
      | 'CONTACT_MISSED';
  }
>;

/** The agent states the machine sets: by position (first, third) or by name (000 §4.9). */
export type AgentStateChoice = 'first' | 'third' | 'Available';

/**
 * A contact centre as the softphone sees it: Amazon Connect through amazon-connect-streams (`streams-centre.ts`)
 * or the demo simulator (`demo-centre.ts`), the same interface for both.
 */
export interface ContactCentre {
  /** Shows the softphone in `container` and reports the agent and its contacts to `emit`; once per page. */
  start(container: HTMLElement, emit: (event: CentreEvent) => void): void;
  setAgentState(state: AgentStateChoice): void;
  /** Places an outbound call to an E.164 number. */
  dial(phoneNumber: string): void;
  /** Takes the softphone down (the tab hands it over). */
  stop(): void;
}
