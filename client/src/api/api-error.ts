/**
 * A failed call. `status` is the HTTP status, or 0 when no answer arrived (the network failed): then `message` is
 * the spec's 'Can't Connect to server. Please Try again' (001 §8). `retryAfter` is the `Retry-After` header in
 * seconds (429 answers), `field` the rejected input when the server names one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly field?: string;
  readonly retryAfter?: number;

  constructor(status: number, message: string, extra: { field?: string; retryAfter?: number } = {}) {
    super(message);
    this.status = status;
    if (extra.field !== undefined) this.field = extra.field;
    if (extra.retryAfter !== undefined) this.retryAfter = extra.retryAfter;
  }
}

/** Whether `error` is an {@link ApiError} with an answer from the server (status above 0). */
export function isAnswered(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status > 0;
}
