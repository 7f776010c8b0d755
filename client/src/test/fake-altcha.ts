/**
 * A stand-in for the ALTCHA `<altcha-widget>` in jsdom (no workers, no Web Crypto proof of work). It keeps a
 * checkbox like the real widget's, and answers verify()/reset() with the same events.
 */
export class FakeAltcha extends HTMLElement {
  /** The payload the next verify() yields; `null` makes it fail. */
  static payload: string | null = 'captcha-solution';
  static verifyCalls = 0;
  static resetCalls = 0;

  private state = 'unverified';

  connectedCallback(): void {
    if (!this.firstChild) this.innerHTML = `<label><input type="checkbox" /> I'm not a robot</label>`;
    // The real widget says 'load' once mounted, a tick after it is connected.
    queueMicrotask(() => this.dispatchEvent(new CustomEvent('load')));
  }

  getState(): string {
    return this.state;
  }

  async verify(): Promise<{ payload: string } | null> {
    FakeAltcha.verifyCalls += 1;
    const payload = FakeAltcha.payload;
    this.setState(payload === null ? 'error' : 'verified', payload);
    if (payload !== null) this.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
    return payload === null ? null : { payload };
  }

  reset(): void {
    FakeAltcha.resetCalls += 1;
    this.setState('unverified', null);
  }

  private setState(state: string, payload: string | null): void {
    this.state = state;
    const input = this.querySelector('input');
    if (input) input.checked = state === 'verified';
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  }

  static resetCounters(): void {
    FakeAltcha.payload = 'captcha-solution';
    FakeAltcha.verifyCalls = 0;
    FakeAltcha.resetCalls = 0;
  }
}

/** Defines the fake as `<altcha-widget>` (once per test file). */
export async function defineFakeAltcha(): Promise<void> {
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltcha);
}
