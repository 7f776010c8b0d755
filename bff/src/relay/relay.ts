import fastifyHttpProxy from '@fastify/http-proxy';
import { ALL_CALLS, type CallDef, callUrl, errorEnvelope, setCallStatus } from '@rpm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { upstreamFailed, upstreamTimeout } from '../domain-errors.js';
import { callRouteSchema, noStoreUnlessPublic } from '../http/calls.js';
import { HUB_PATH } from '../hub/hub.js';

/** How long a relayed call may take before the client gets a 504. */
const RELAY_TIMEOUT_MS = 30_000;

/** Request headers every relayed call carries on (the call's own declared headers are added per call). */
const FORWARDED_REQUEST_HEADERS = [
  'uid',
  'token',
  'cookie',
  'accept',
  'user-agent',
  'accept-language',
] as const;
/** Answer headers passed back to the browser. */
const FORWARDED_RESPONSE_HEADERS = ['retry-after', 'content-disposition', 'cache-control'] as const;

/** Options of {@link relayRoutes}. */
export interface RelayOptions {
  /** The upstream API base, e.g. https://api.example.org/api (a call's path is appended). */
  readonly upstream: string;
  /** The HTTP client (tests may pass their own); global fetch by default. */
  readonly fetch?: typeof fetch;
  /**
   * The Authorization header value the upstream's rpm/aws/setCallStatus expects (000 §7: a fixed basic
   * authorization), from UPSTREAM_CALL_STATUS_AUTH: added here, never taken from the browser.
   */
  readonly callStatusAuth?: string | undefined;
}

/**
 * Relay mode (architecture.md "Modes and replicas"; UPSTREAM_API_BASE): every call of the contract is answered by an upstream API that
 * speaks the same contract (the spec's API). The edge stays ours: input is parsed with the call's zod schemas and bad
 * input gets the same 400 naming the field without reaching the upstream; the upstream's answer is parsed against
 * the call's response schema, and one the contract does not allow becomes a 502 instead of reaching the client.
 * Sessions, access and records are the upstream's to enforce: uid, token and the session cookie pass through, and so
 * do the cookies it sets.
 */
export function relayRoutes(app: FastifyInstance, opts: RelayOptions): void {
  const base = opts.upstream.replace(/\/+$/, '');
  const send = opts.fetch ?? fetch;
  for (const call of ALL_CALLS) {
    const declared = call.headers instanceof z.ZodObject ? Object.keys(call.headers.shape) : [];
    const requestHeaders = [...FORWARDED_REQUEST_HEADERS, ...declared];
    app.route({
      method: call.method,
      url: callUrl(call),
      schema: callRouteSchema(call),
      onRequest: noStoreUnlessPublic(call),
      handler: async (req, reply) => {
        const upstream = await forward(
          send,
          `${base}/${call.path}${queryOf(req)}`,
          call,
          req,
          requestHeaders,
          call === setCallStatus ? opts.callStatusAuth : undefined,
        );
        return answer(call, upstream, reply);
      },
    });
  }
}

/**
 * The hub in relay mode: socket.io's requests and websocket upgrades go to the upstream's hub at the same origin
 * (its HUB_PATH), cookie included, so live notifications keep working behind the relay.
 */
export async function relayHub(app: FastifyInstance, opts: Pick<RelayOptions, 'upstream'>): Promise<void> {
  await app.register(fastifyHttpProxy, {
    upstream: new URL(opts.upstream).origin,
    prefix: HUB_PATH,
    rewritePrefix: HUB_PATH,
    websocket: true,
    httpMethods: ['GET', 'POST'],
  });
}

const queryOf = (req: FastifyRequest) => {
  const at = req.url.indexOf('?');
  return at < 0 ? '' : req.url.slice(at);
};

async function forward(
  send: typeof fetch,
  url: string,
  call: CallDef,
  req: FastifyRequest,
  names: readonly string[],
  authorization: string | undefined,
): Promise<Response> {
  const headers = new Headers();
  if (authorization) headers.set('authorization', authorization);
  // As the browser sent them: the route's schema has replaced req.headers with parsed (coerced) values.
  for (const name of names) {
    const value = req.raw.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // The client's address as this server determined it (TRUST_PROXY decides whether its own X-Forwarded-For counts),
  // for the upstream's sign-in limits per client; a client's own X-Forwarded-For is not passed on.
  headers.set('x-forwarded-for', req.ip);
  const hasBody = call.body !== undefined && req.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  try {
    return await send(url, {
      method: call.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(req.body) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw upstreamTimeout(`The upstream API did not answer ${call.path} in time. Please try again.`);
    req.log.error({ err: error, call: call.path }, 'relay: upstream unreachable');
    throw upstreamFailed("Can't reach the upstream API. Please try again.");
  }
}

async function answer(call: CallDef, upstream: Response, reply: FastifyReply): Promise<unknown> {
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    // A call with a session keeps its no-store (noStoreUnlessPublic) whatever the upstream says.
    if (name === 'cache-control' && call.access !== 'public') continue;
    const value = upstream.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  const cookies = upstream.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const type = upstream.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    // A file (the billing PDF): bytes through as they are, with their type.
    if (upstream.ok && call.response instanceof z.ZodUnknown) {
      reply.code(upstream.status).type(type);
      return Buffer.from(await upstream.arrayBuffer());
    }
    throw unexpected(call, `a ${upstream.status} answer of type '${type || 'none'}'`);
  }
  const body: unknown = await upstream.json().catch(() => undefined);
  const parsed = (upstream.ok ? call.response : errorEnvelope).safeParse(body);
  if (!parsed.success) throw unexpected(call, `a ${upstream.status} answer the contract does not allow`);
  reply.code(upstream.status);
  return parsed.data;
}

const unexpected = (call: CallDef, what: string) =>
  upstreamFailed(`The upstream API answered ${call.path} with ${what}.`);
