/**
 * What a store says when it cannot do what it was asked: the kind of refusal, the text the user reads (000 §8) and
 * the field it concerns. Stores know nothing of HTTP; the error handler (`http/errors.ts`) maps each kind to its
 * status, so every domain answers the same refusal with the same status.
 */
export type DomainErrorKind =
  /** The record does not exist, or the caller may not know it exists (issue 11 #6): 404. */
  | 'not_found'
  /** The input names something the rules refuse (a value out of its range, a date in the future): 400. */
  | 'invalid'
  /** The caller may not do this to this record: 403. */
  | 'forbidden'
  /** The record's state does not allow it (already done, already taken, locked by another): 409. */
  | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string, field?: string) => new DomainError('not_found', message, field);
export const invalid = (message: string, field?: string) => new DomainError('invalid', message, field);
export const forbidden = (message: string, field?: string) => new DomainError('forbidden', message, field);
export const conflict = (message: string, field?: string) => new DomainError('conflict', message, field);

/** The HTTP status of each kind. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  not_found: 404,
  invalid: 400,
  forbidden: 403,
  conflict: 409,
};
