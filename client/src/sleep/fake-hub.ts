/**
 * A fake hub for the interpretation view's tests (the test plays the server's broadcasts and acknowledgements, and
 * records what the view sent) and a study. A test file mocks the provider with
 * `vi.mock('../hub/HubProvider', async () => (await import('./fake-hub')).fakeHubProvider)`.
 */
export const hub = {
  listeners: new Map<string, (payload: unknown) => void>(),
  emitted: [] as [string, unknown][],
  requested: [] as [string, unknown][],
  answer: (_event: string, _payload: unknown): Promise<unknown> => Promise.resolve({ ok: true, token: 7 }),
  reset() {
    hub.listeners.clear();
    hub.emitted.length = 0;
    hub.requested.length = 0;
    hub.answer = () => Promise.resolve({ ok: true, token: 7 });
  },
};

export const fakeHubProvider = {
  useHubEvent: (event: string, handler: (payload: unknown) => void) => {
    hub.listeners.set(event, handler);
  },
  useHubConnect: () => undefined,
  useHubEmit: () => (event: string, payload: unknown) => hub.emitted.push([event, payload]),
  useHubRequest: () => (event: string, payload: unknown) => {
    hub.requested.push([event, payload]);
    return hub.answer(event, payload);
  },
};
