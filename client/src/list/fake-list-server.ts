import { type CallDef, callUrl } from '@rpm/shared';
import { json, mockFetch } from '../test/fixtures';

/** One request as the fake server saw it: the query as sent (strings) and the parsed body. */
export interface SeenCall {
  readonly def: CallDef;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
}

type Answer = Response | unknown;
type Handler = (request: SeenCall) => Answer | Promise<Answer>;

/**
 * A fake BFF that knows the contract: handlers are keyed by call definitions (not path strings), and each request's
 * query and body are checked with the call's own schemas, so a client that sends what the real server refuses gets
 * the same 400 naming the field. A handler returns a Response, or a body sent as JSON 200; a call without a handler
 * answers 404.
 */
export function fakeContractServer() {
  const handlers = new Map<string, { readonly def: CallDef; handler: Handler }>();
  const seen: SeenCall[] = [];
  const keyOf = (method: string, path: string) => `${method} ${path.toLowerCase()}`;

  const fetch = mockFetch(async (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const entry = handlers.get(keyOf(init.method ?? 'GET', parsed.pathname));
    if (!entry) return json({ status: 404, message: `no fake for ${parsed.pathname}` }, 404);
    const query = Object.fromEntries(parsed.searchParams);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: SeenCall = { def: entry.def, query, body };
    seen.push(request);
    for (const [schema, input] of [
      [entry.def.query, query],
      [entry.def.body, body],
    ] as const) {
      if (!schema) continue;
      const check = schema.safeParse(input);
      if (!check.success) {
        const issue = check.error.issues[0];
        const field = String(issue?.path[0] ?? '');
        return json({ status: 400, message: `${field}: ${issue?.message ?? 'invalid'}`, field }, 400);
      }
    }
    const answer = await entry.handler(request);
    return answer instanceof Response ? answer : json(answer);
  });

  const server = {
    fetch,
    /** Answers `def` with `handler` (replacing an earlier one). */
    on(def: CallDef, handler: Handler) {
      handlers.set(keyOf(def.method, callUrl(def)), { def, handler });
      return server;
    },
    /** Requests of `def`, oldest first. */
    requests: (def: CallDef) => seen.filter((r) => r.def === def),
    /** The latest request of `def`. */
    last: (def: CallDef) => seen.filter((r) => r.def === def).at(-1),
  };
  return server;
}

/** A page of `rows` as the list call answers it, honouring `page` and `rowsPerPage` of the query. */
export function pageOf<T>(rows: readonly T[], query: Readonly<Record<string, string>>) {
  const size = Number(query.rowsPerPage ?? 10);
  const from = Number(query.page ?? 0) * size;
  return { status: 1, data: rows.slice(from, from + size), count: rows.length };
}
