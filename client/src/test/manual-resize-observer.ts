/**
 * jsdom has no ResizeObserver: this test double records what it observes and reports only when the test calls
 * `report()` on the last one made. Install it with `vi.stubGlobal('ResizeObserver', ManualResizeObserver)`.
 */
export class ManualResizeObserver {
  static last: ManualResizeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly report: () => void) {
    ManualResizeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}
