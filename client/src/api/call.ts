import {
  type CallDef,
  type CallInput,
  type CallResponse,
  callQueryString,
  callUrl,
  errorEnvelope,
  MSG,
  type StoredUser,
} from '@rpm/shared';
import type { z } from 'zod';
import { readUser } from '../session/storage';
import { ApiError } from './api-error';

/** The session headers of a call (000 §7): by default those of the stored user. */
export interface CallAuth {
  readonly uid: number;
  readonly token: string;
}

/** Options of one call. */
export interface CallOptions {
  /**
   * Session headers to send instead of the stored user's: the change-password call uses the token of a user who
   * is not stored yet (001 §4); `null` sends none.
   */
  readonly auth?: CallAuth | null;
  readonly signal?: AbortSignal;
  /** A multipart body for a call that uploads a file (the call declares no JSON body). */
  readonly form?: FormData;
}

/** What a call's declared `headers` schema accepts (e.g. billing's month/year/practice, 001 §6, §7). */
export type CallHeaders<C extends CallDef> = C['headers'] extends z.ZodType
  ? z.input<C['headers']>
  : undefined;

/** The header of a retry-safe creation (decisions.md "Retried creations"). */
const IDEMPOTENCY_KEY = 'idempotency-key';

/**
 * Whether the call takes an Idempotency-Key: the server accepts a creation without one, but the client always sends
 * it (issue 44), so a retry after a lost answer never writes twice; a creation sent without one is the client's bug.
 */
type TakesKey<C extends CallDef> = C['headers'] extends z.ZodType
  ? typeof IDEMPOTENCY_KEY extends keyof z.input<C['headers']>
    ? true
    : false
  : false;

/**
 * The inputs of one call: query and body as the contract's `CallInput`, plus its declared headers, which must hold
 * the Idempotency-Key when the call takes one (the type checker finds a creation sent without it).
 */
export type CallRequest<C extends CallDef> = Partial<CallInput<C>> &
  (TakesKey<C> extends true
    ? { readonly headers: CallHeaders<C> & { readonly [IDEMPOTENCY_KEY]: string } }
    : { readonly headers?: CallHeaders<C> });

/** A header value fetch can carry: ISO-8859-1 only (Fetch standard "byte string"), no CR/LF. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The declared headers as strings; `undefined`/`null` are left out. A value fetch would refuse (a character outside
 * Latin-1, a line break) becomes a 400 ApiError naming the header, rather than fetch's TypeError, which would read
 * as 'Can't Connect to server'.
 */
function declaredHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined || headers === null || typeof headers !== 'object') return out;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (!HEADER_VALUE.test(text))
      throw new ApiError(400, `${name} contains characters that cannot be sent`, { field: name });
    out[name] = text;
  }
  return out;
}

/** `Retry-After` as seconds: either a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Makes one call of the contract (architecture.md "A request"): `/api/{path}` with the query, a JSON body, the
 * call's declared headers, the uid/token headers of the stored user, and the session cookie. A 2xx answer is parsed
 * with the call's response schema; anything else throws an {@link ApiError} (status 0 with 'Can't Connect to
 * server. Please Try again' when no answer arrived). A call made ahead with the same input in the same session
 * ({@link prefetchCall}) gives its answer instead, once.
 */
export async function call<C extends CallDef>(
  def: C,
  input?: CallRequest<C>,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  // Most calls find nothing made ahead: no key is built for them.
  const made =
    prefetched.size === 0 || options.form
      ? undefined
      : takePrefetched(
          prefetchKey(def, input, options.auth === undefined ? storedAuth() : options.auth),
          options.signal,
        );
  return (made as Promise<CallResponse<C>> | undefined) ?? answerOf(def, input, options);
}

async function answerOf<C extends CallDef>(
  def: C,
  input: CallRequest<C> | undefined,
  options: CallOptions,
): Promise<CallResponse<C>> {
  const response = await callRaw(def, input, options, 'application/json');
  const body = await readJson(response);
  // Aborted while the body was read: the caller's abort, as fetch rejects, not an answer the contract lacks (a
  // header search typed on under load showed 'Unexpected answer').
  options.signal?.throwIfAborted();
  const parsed = def.response.safeParse(body);
  if (!parsed.success) {
    // A 2xx the contract does not describe: a version mismatch (decisions.md "Unexpected answers").
    throw new ApiError(response.status, `Unexpected answer from ${def.path}`);
  }
  return parsed.data as CallResponse<C>;
}

/**
 * Like {@link call}, but gives the 2xx `Response` itself, unread: for calls whose answer is a file (the billing
 * PDF, 001 §7 generateBillingReport) rather than JSON. Failures throw the same {@link ApiError}s.
 */
export async function callRaw<C extends CallDef>(
  def: C,
  input?: CallRequest<C>,
  options: CallOptions = {},
  accept = '*/*',
): Promise<Response> {
  // Declared headers first: the session headers below always win over a same-named declared one.
  const headers: Record<string, string> = { ...declaredHeaders(input?.headers), accept };
  if (def.headers && IDEMPOTENCY_KEY in (def.headers as z.ZodObject).shape && !headers[IDEMPOTENCY_KEY])
    throw new Error(
      `${def.path} creates a record: send its Idempotency-Key (decisions.md "Retried creations").`,
    );
  const auth = options.auth === undefined ? storedAuth() : options.auth;
  if (auth) {
    headers.uid = String(auth.uid);
    headers.token = auth.token;
  }
  const init: RequestInit = { method: def.method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.form) init.body = options.form;
  else if (def.method !== 'GET' && input?.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }

  let response: Response;
  try {
    response = await fetch(`${callUrl(def)}${callQueryString(input?.query)}`, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, MSG.cantConnect);
  }

  if (!response.ok) {
    const body = await readJson(response);
    options.signal?.throwIfAborted();
    const envelope = errorEnvelope.safeParse(body);
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    // 000 §8 shows the server's message; without one (a proxy's page), the status text
    // (decisions.md "Unexpected answers").
    const message = envelope.success
      ? envelope.data.message
      : response.statusText || `HTTP ${response.status}`;
    const extra: { field?: string; retryAfter?: number } = {};
    if (envelope.success && envelope.data.field !== undefined) extra.field = envelope.data.field;
    if (retryAfter !== undefined) extra.retryAfter = retryAfter;
    throw new ApiError(response.status, message, extra);
  }
  return response;
}

/** Whose session a call made ahead is made in: a user who has just signed in, not stored yet. */
export type SessionUser = Pick<StoredUser, 'user_id' | 'token'>;

/** A call made ahead of its caller: its answer, and when it expires. */
interface Prefetched {
  readonly answer: Promise<unknown>;
  readonly expires: number;
}

/** An answer made ahead and not asked for within this time is dropped: its caller never came, or came with another input. */
const PREFETCH_MS = 10_000;
const prefetched = new Map<string, Prefetched>();

/** A call and the session it is made for, as one key: another user's or another input's call never matches. */
function prefetchKey(def: CallDef, input: unknown, auth: CallAuth | null): string {
  return JSON.stringify([def.method, def.path, input ?? {}, auth?.uid ?? null, auth?.token ?? null]);
}

/**
 * Makes a call now for a caller that will ask for it soon with the same input and session (the start
 * page's calls leave with the sign-in answer rather than after the shell has drawn). The first {@link call} that
 * matches takes the answer, or the failure; any later call goes to the server again.
 */
export function prefetchCall<C extends CallDef>(def: C, input: CallRequest<C>, user: SessionUser): void {
  const auth = { uid: user.user_id, token: user.token };
  const answer = answerOf(def, input, { auth });
  answer.catch(() => undefined); // a failure reaches the caller that takes it, or nobody
  prefetched.set(prefetchKey(def, input, auth), { answer, expires: Date.now() + PREFETCH_MS });
}

function takePrefetched(key: string, signal: AbortSignal | undefined): Promise<unknown> | undefined {
  const now = Date.now();
  for (const [k, entry] of prefetched) if (entry.expires <= now) prefetched.delete(k);
  const entry = prefetched.get(key);
  if (!entry) return undefined;
  prefetched.delete(key);
  if (!signal) return entry.answer;
  // The caller's abort still rejects its promise, as fetch would have.
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    entry.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function storedAuth(): CallAuth | null {
  const user = readUser();
  return user ? { uid: user.user_id, token: user.token } : null;
}
