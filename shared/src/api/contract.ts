import type { z } from 'zod';

/**
 * Who may make a call:
 * - `public`: no session (sign-in, captcha, isAlive);
 * - `session`: any signed-in user (spec 000 §2.2 "open to any signed-in user");
 * - an access-list entry (spec 000 §2.3-2.4): the user's `pages` must hold it; with `orCallLink` a call link
 *   (aws_link) or a temporary login also lets the user in (the Aws Call row, 000 §2.4, §6.2).
 */
export type CallAccess = 'public' | 'session' | { readonly page: string; readonly orCallLink?: boolean };

/** One call of the spec: its route, its inputs and its answer, declared once (architecture.md "A request"). */
export interface CallDef {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API base `/api/`, as the spec writes it, e.g. `rpm/auth/loginWithCaptcha`. */
  readonly path: string;
  /** Where the spec describes the call, e.g. `000 §7`. */
  readonly spec: string;
  readonly summary: string;
  readonly access: CallAccess;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The JSON answer on success (2xx). Error answers use {@link errorEnvelope}. */
  readonly response: z.ZodType;
}

/** Declares a call; keeps the literal types so the BFF and the client infer inputs and answers. */
export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export type CallQuery<C extends CallDef> = Infer<C['query']>;
export type CallBody<C extends CallDef> = Infer<C['body']>;
export type CallResponse<C extends CallDef> = z.infer<C['response']>;
/** What a caller passes: the schemas' input types (defaults may be left out). */
export interface CallInput<C extends CallDef> {
  query: Input<C['query']>;
  body: Input<C['body']>;
}

export function callUrl(call: Pick<CallDef, 'path'>): string {
  return `/api/${call.path}`;
}

/** A call's query as the client sends it: `?a=1&b=2`, arrays as repeated keys, empty values kept, nullish left out. */
export function callQueryString(query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
