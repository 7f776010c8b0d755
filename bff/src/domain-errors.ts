/**
 * What a store says when it cannot do what it was asked: the kind of refusal, the text the user reads (000 §8) and
 * the field it concerns. Below the route layer this is the only error thrown on purpose
 * (decisions.md "One error vocabulary"): stores know nothing of HTTP; the error handler (`http/errors.ts`) maps each
 * kind to its status, so every domain answers the same refusal with the same status.
 */
export type DomainErrorKind =
  /** The caller is not signed in: no session, an ended one, a disabled account, a wrong vendor key: 401. */
  | 'unauthenticated'
  /** The record does not exist, or the caller may not know it exists: 404. */
  | 'not_found'
  /** The input names something the rules refuse (a value out of its range, a date in the future): 400. */
  | 'invalid'
  /** The caller may not do this to this record: 403. */
  | 'forbidden'
  /** The record's state does not allow it (already done, already taken, locked by another): 409. */
  | 'conflict'
  /** The input is larger than the server accepts (an uploaded document): 413. */
  | 'too_large'
  /** Too many attempts; the caller may try again after `retryAfterSeconds` (000 §4.3 sign-in limits): 429. */
  | 'too_many'
  /** A provider this server relies on failed or gave an answer it cannot read: 502. */
  | 'upstream_failed'
  /** The service is not available now (not configured, shutting down): 503. */
  | 'unavailable'
  /** A provider this server relies on did not answer in time: 504. */
  | 'upstream_timeout';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
    /** When the caller may try again (a `too_many`): the handler writes it as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const unauthenticated = (message: string, field?: string) =>
  new DomainError('unauthenticated', message, field);
export const notFound = (message: string, field?: string) => new DomainError('not_found', message, field);
export const invalid = (message: string, field?: string) => new DomainError('invalid', message, field);
export const forbidden = (message: string, field?: string) => new DomainError('forbidden', message, field);
export const conflict = (message: string, field?: string) => new DomainError('conflict', message, field);
export const tooLarge = (message: string, field?: string) => new DomainError('too_large', message, field);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new DomainError('too_many', message, undefined, retryAfterSeconds);
export const upstreamFailed = (message: string) => new DomainError('upstream_failed', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
export const upstreamTimeout = (message: string) => new DomainError('upstream_timeout', message);

export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  unauthenticated: 401,
  not_found: 404,
  invalid: 400,
  forbidden: 403,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
};
