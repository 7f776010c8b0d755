import type { CallBody, CallDef, CallQuery, CallResponse } from '@rpm/shared';
import { callUrl, errorEnvelope } from '@rpm/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthContext, authenticate } from '../auth/guard.js';
import type { Deps } from '../deps.js';

export interface CallContext<C extends CallDef> {
  readonly query: CallQuery<C>;
  readonly body: CallBody<C>;
  /** The call's declared headers, parsed (e.g. billing's month/year/practice). */
  readonly headers: C['headers'] extends z.ZodType ? z.infer<C['headers']> : undefined;
  /** The signed-in user; null only for public calls. */
  readonly auth: C['access'] extends 'public' ? null : AuthContext;
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
}

/** A response whose `status` is optional where it may be 1 (registerCall writes it); other fields stay required. */
type WithStatusOneImplied<R> = R extends { status: infer S }
  ? 1 extends S
    ? Omit<R, 'status'> & { status?: S }
    : R
  : R;

/**
 * What a handler answers: the call's response without `status`, to which registerCall adds `status: 1`. A handler
 * writes `status` only for another answer (a refused sign-in's 0), and its status wins
 * (decisions.md "One error vocabulary").
 */
type CallAnswer<C extends CallDef> = WithStatusOneImplied<CallResponse<C>>;

export type CallHandler<C extends CallDef> = (ctx: CallContext<C>) => Promise<CallAnswer<C>>;

/** Error statuses a call may answer, each with the error envelope. */
const ERROR_CODES = [400, 401, 403, 404, 409, 413, 422, 429, 502, 503] as const;

const authByRequest = new WeakMap<FastifyRequest, AuthContext>();

/** Whether an answer of this schema carries a `status` that may be 1, which registerCall then writes. */
function impliesStatusOne(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject) return schema.shape.status?.safeParse(1).success === true;
  if (schema instanceof z.ZodUnion)
    return schema.options.every((option) => impliesStatusOne(option as z.ZodType));
  return false;
}

/** The Fastify route schema of a call (validation, serialisation, OpenAPI), shared by embedded and relay mode. */
export function callRouteSchema(call: CallDef): FastifySchema {
  const response: Record<number, unknown> = { 200: call.response };
  for (const code of ERROR_CODES) response[code] = errorEnvelope;
  return {
    summary: call.summary,
    description: `Spec ${call.spec}. Access: ${typeof call.access === 'string' ? call.access : `page '${call.access.page}'`}.`,
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    // Loose: the parsed headers replace req.headers, and uid/token/cookie must survive.
    ...(call.headers
      ? { headers: call.headers instanceof z.ZodObject ? call.headers.loose() : call.headers }
      : {}),
    response,
  };
}

/**
 * An `onRequest` hook setting `Cache-Control: no-store` on every answer of a call that needs a session, files and
 * errors included (decisions.md "No caching of answers with a session").
 */
export function noStoreUnlessPublic(call: CallDef): onRequestHookHandler[] {
  return call.access === 'public' ? [] : [noStore];
}

/** A callback hook, not an async one: no promise on every request. */
function noStore(_req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header('cache-control', 'no-store');
  done();
}

/**
 * Registers one call of the contract (architecture.md "A request"): its path, its zod schemas and the access check
 * before the handler; a JSON answer whose status may be 1 gets `status: 1` unless the handler wrote its own.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  deps: Deps,
  call: C,
  handler: CallHandler<C>,
): void {
  const addsStatus = impliesStatusOne(call.response);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: callUrl(call),
    schema: callRouteSchema(call),
    onRequest: noStoreUnlessPublic(call),
    // The session is checked before the input, so an anonymous caller gets 401, not a validation answer.
    preValidation: async (req) => {
      if (call.access !== 'public') authByRequest.set(req, await authenticate(req, deps, call));
    },
    handler: async (req, reply) => {
      const auth = authByRequest.get(req) ?? null;
      const answer: unknown = await handler({
        query: req.query as CallQuery<C>,
        body: req.body as CallBody<C>,
        headers: (call.headers ? req.headers : undefined) as CallContext<C>['headers'],
        auth: auth as CallContext<C>['auth'],
        req,
        reply,
      });
      return addsStatus && typeof answer === 'object' && answer !== null && answer !== reply
        ? { status: 1, ...answer }
        : answer;
    },
  });
}
