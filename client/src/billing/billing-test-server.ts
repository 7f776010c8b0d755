import { vi } from 'vitest';
import { json, mockFetch } from '../test/fixtures';

/** One request the page made, as the server saw it. */
export interface SeenRequest {
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

type Answer = Response | unknown;
type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

/**
 * A fake BFF for the billing component tests: answers by API path (without '/api/'), records every request with
 * its query and headers. A handler returns a Response, or a body sent as JSON 200.
 */
export function fakeBillingServer(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const fetch = mockFetch(async (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname.replace(/^\/api\//, '');
    const request: SeenRequest = {
      path,
      query: Object.fromEntries(parsed.searchParams),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const handler = handlers[path];
    if (!handler) return json({ status: 404, message: `no fake for ${path}` }, 404);
    const answer = await handler(request);
    return answer instanceof Response ? answer : json(answer);
  });
  return {
    fetch,
    /** Requests to `path`, oldest first. */
    requests: (path: string) => seen.filter((r) => r.path === path),
    /** The latest request to `path`. */
    last: (path: string) => seen.filter((r) => r.path === path).at(-1),
  };
}

/**
 * Blueprint's Table2 draws only the cells inside its viewport, which jsdom measures as 0×0; the tests give every
 * element a screen-sized box. Returns the undo.
 */
export function giveElementsSize(width = 1600, height = 2000): () => void {
  const widthSpy = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  const heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  return () => {
    widthSpy.mockRestore();
    heightSpy.mockRestore();
  };
}
