import {
  ALL_CALLS,
  type CallDef,
  type CallInput,
  callQueryString,
  callUrl,
  type ErrorEnvelope,
} from '@rpm/shared';
import { type Mock, vi } from 'vitest';
import type { z } from 'zod';

/**
 * One fake BFF for every client test, keyed by the contract's call definitions, never by path strings:
 * - `on(call, answer)` serves a call; the answer is its JSON body (checked against the call's response schema), a
 *   function of the request giving one, or a raw `Response` (files, odd answers a test needs);
 * - `fail(call, status, message, field?)` answers the error envelope of 000 §8 with that status;
 * - each request must match a call by method and exact path, and its query, body and declared headers must pass the
 *   call's schemas, as the real server demands: otherwise the test fails (setup.ts checks after each test) and the
 *   request gets the answer the real server would give (400 naming the field; 404 for an unknown route);
 * - `requests(call)`, `last(call)` and `all` record what the client sent.
 */

/** One request as the client sent it. */
export interface FakeRequest<C extends CallDef = CallDef> {
  readonly call: C;
  /** The query as sent: a string per field, an array for a repeated field. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** The JSON body as sent (it passed the call's body schema). */
  readonly body: CallInput<C>['body'];
  /** The multipart body of an upload (a call that declares no JSON body). */
  readonly form?: FormData;
  /** The headers as sent (uid, token, accept, content-type and the call's declared ones). */
  readonly headers: Readonly<Record<string, string>>;
}

/** A JSON answer of `C` as a test writes it (defaults of the response schema may be left out). */
export type FakeAnswer<C extends CallDef> = z.input<C['response']>;
type Reply<C extends CallDef> = FakeAnswer<C> | Response;
type Handler<C extends CallDef> = (request: FakeRequest<C>) => Reply<C> | Promise<Reply<C>>;

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The error envelope of 000 §8 as a response with its status. */
export function errorAnswer(status: number, message: string, field?: string): Response {
  const envelope: ErrorEnvelope = field === undefined ? { status, message } : { status, message, field };
  return json(envelope, status);
}

/** Problems of the fake servers of the running test, reported by {@link assertFakeServersClean}. */
const problems: string[] = [];
/** Bumped after each test: a late answer of an earlier test's server reports nothing into the next test. */
let generation = 0;

/** Throws the problems the fake servers met during the test (a call nobody serves, a request the contract refuses). */
export function assertFakeServersClean(): void {
  generation += 1;
  const found = problems.splice(0);
  if (found.length > 0) throw new Error(`Fake server:\n- ${found.join('\n- ')}`);
}

/**
 * A request as one line, 'METHOD /api/path?query' and the JSON body if any: what {@link fakeServer}'s `lines()` gives,
 * for assertions on the order of calls.
 */
export function requestLine(
  call: CallDef,
  input: { readonly query?: unknown; readonly body?: unknown } = {},
): string {
  const body = input.body === undefined ? '' : ` ${JSON.stringify(input.body)}`;
  return `${call.method} ${callUrl(call)}${callQueryString(input.query)}${body}`;
}

const routeOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The query as a server parses it: repeated fields become arrays. */
function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}

function refusal(error: z.ZodError, where: string): { message: string; field: string } {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? where);
  return { message: `${field}: ${issue?.message ?? 'invalid'}`, field };
}

/** A fake BFF (see the top of this file). */
export interface FakeServer {
  /** The stubbed `fetch`. */
  readonly fetch: Mock<typeof fetch>;
  /** Serves `call` with a function of the request giving a JSON answer or a `Response` (replaces an earlier one). */
  on<C extends CallDef>(call: C, handler: NoInfer<Handler<C>>): FakeServer;
  /** Serves `call` with this JSON answer each time (replaces an earlier one). */
  on<C extends CallDef>(call: C, answer: NoInfer<FakeAnswer<C>>): FakeServer;
  /** Answers `call` with the error envelope (000 §8): `{ status, message, field? }` with that HTTP status. */
  fail(call: CallDef, status: number, message: string, field?: string): FakeServer;
  /** Gives `call` no answer, as when the network is down: fetch rejects with the browser's TypeError. */
  offline(call: CallDef): FakeServer;
  /** Requests of `call`, oldest first. */
  requests<C extends CallDef>(call: C): FakeRequest<C>[];
  /** The latest request of `call`. */
  last<C extends CallDef>(call: C): FakeRequest<C> | undefined;
  /** The bodies sent to `call`, oldest first. */
  bodies<C extends CallDef>(call: C): CallInput<C>['body'][];
  /** Every request as a {@link requestLine}, oldest first. */
  lines(): string[];
  /** Every request, oldest first. */
  readonly all: readonly FakeRequest[];
}

/** Starts a fake server: it replaces `fetch` until the test ends (setup.ts unstubs globals). */
export function fakeServer(): FakeServer {
  const handlers = new Map<
    string,
    { readonly call: CallDef; readonly handler: Handler<CallDef>; readonly offline?: boolean }
  >();
  const seen: FakeRequest[] = [];
  const known = new Map(ALL_CALLS.map((c) => [routeOf(c.method, callUrl(c)), c]));
  const born = generation;
  const problem = (text: string) => {
    if (born === generation) problems.push(text);
  };

  async function answer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const route = routeOf(method, url.pathname);
    const entry = handlers.get(route);
    if (!entry) {
      const call = known.get(route);
      problem(
        call
          ? `no handler serves ${route} (${call.summary}): add server.on(…) for it`
          : `${route} is no call of the contract`,
      );
      return errorAnswer(404, `Fake server: nothing serves ${route}`);
    }
    const { call, handler } = entry;
    const headers = headersOf(init.headers);
    let body: unknown;
    let form: FormData | undefined;
    if (init.body instanceof FormData && call.body === undefined) form = init.body;
    else if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        problem(`${route} was sent a body that is not JSON`);
        return errorAnswer(400, 'The body is not JSON');
      }
    } else if (init.body !== undefined && init.body !== null) {
      problem(`${route} was sent a body that is not a JSON string`);
      return errorAnswer(400, 'The body is not JSON');
    }
    const request: FakeRequest = {
      call,
      query: queryOf(url.searchParams),
      body,
      headers,
      ...(form ? { form } : {}),
    };
    seen.push(request);

    // What the real server checks (bff/src/http/calls.ts): the declared headers, the query and the body.
    const checks: [z.ZodType | undefined, unknown, string][] = [
      [call.headers, headers, 'headers'],
      [call.query, request.query, 'query'],
      [call.body, body, 'body'],
    ];
    for (const [schema, value, where] of checks) {
      const checked = schema?.safeParse(value);
      if (checked && !checked.success) {
        const { message, field } = refusal(checked.error, where);
        problem(`${route}: the contract refuses the ${where} sent (${message}): ${JSON.stringify(value)}`);
        return errorAnswer(400, message, field);
      }
    }
    if (call.query === undefined && url.search !== '')
      problem(`${route} takes no query but was sent ${url.search}`);
    if (call.body === undefined && body !== undefined)
      problem(`${route} takes no body but was sent ${JSON.stringify(body)}`);

    // Sent, but no answer at all, as when the network is down: fetch rejects as the browser's does.
    if (entry.offline) throw new TypeError('Failed to fetch');
    let reply: Reply<CallDef>;
    try {
      reply = await handler(request);
    } catch (error) {
      problem(`the handler of ${route} threw: ${String(error)}`);
      throw error;
    }
    if (reply instanceof Response) return reply;
    const valid = call.response.safeParse(reply);
    if (!valid.success) {
      const issue = valid.error.issues[0];
      problem(
        `the answer given for ${route} breaks its response schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
      );
    }
    return json(reply);
  }

  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  vi.stubGlobal('fetch', fetch);

  const server: FakeServer = {
    fetch,
    on(call: CallDef, reply: unknown) {
      const handler = (typeof reply === 'function' ? reply : () => reply) as Handler<CallDef>;
      handlers.set(routeOf(call.method, callUrl(call)), { call, handler });
      return server;
    },
    fail(call, status, message, field) {
      return server.on(call, () => errorAnswer(status, message, field));
    },
    offline(call) {
      handlers.set(routeOf(call.method, callUrl(call)), {
        call,
        handler: () => new Response(),
        offline: true,
      });
      return server;
    },
    requests<C extends CallDef>(call: C): FakeRequest<C>[] {
      const route = routeOf(call.method, callUrl(call));
      return seen.filter((r) => routeOf(r.call.method, callUrl(r.call)) === route) as FakeRequest<C>[];
    },
    last(call) {
      return server.requests(call).at(-1);
    },
    bodies(call) {
      return server.requests(call).map((r) => r.body);
    },
    lines() {
      return seen.map((r) => requestLine(r.call, r));
    },
    get all() {
      return seen;
    },
  };
  return server;
}

/** A page of `rows` as a paged call answers it, honouring `page` and `rowsPerPage` of the query sent. */
export function pageOf<T>(rows: readonly T[], query: FakeRequest['query']) {
  const size = Number(query.rowsPerPage ?? 10);
  const from = Number(query.page ?? 0) * size;
  return { status: 1, data: rows.slice(from, from + size), count: rows.length };
}
