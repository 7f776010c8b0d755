import type { ErrorEnvelope } from '@rpm/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DOMAIN_ERROR_STATUS, DomainError } from '../domain-errors.js';

/**
 * The HTTP layer's own refusals, with the text of the client's 'Alert - {status}' dialog (000 §8); below the routes
 * a DomainError is thrown instead (decisions.md "One error vocabulary").
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function describeValidation(err: FastifyError): { message: string; field?: string } {
  if (!hasZodFastifySchemaValidationErrors(err)) return { message: err.message };
  const first = err.validation[0];
  const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
  const field = path || undefined;
  const message = `Invalid ${where ?? 'input'}${field ? ` field '${field}'` : ''}: ${first?.message ?? 'invalid value'}`;
  return field ? { message, field } : { message };
}

/** PostgreSQL data errors caused by the input (out of range, bad text for a type): 400, never 500. */
const INPUT_SQLSTATES = new Set(['22003', '22021', '22P05', '22P02', '22007', '22008', '22001']);

/** Turns every error into the spec's envelope: 4xx with a message naming the field, 500 without details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: ErrorEnvelope;
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      body = { status: err.statusCode, message: err.message, ...(err.field ? { field: err.field } : {}) };
    } else if (err instanceof DomainError) {
      const status = DOMAIN_ERROR_STATUS[err.kind];
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      body = { status, message: err.message, ...(err.field ? { field: err.field } : {}) };
    } else if (err.validation) {
      body = { status: 400, ...describeValidation(err) };
    } else if (INPUT_SQLSTATES.has(String((err as { code?: unknown }).code))) {
      body = {
        status: 400,
        message: 'A value in the request is out of range or contains characters that cannot be stored.',
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON (400), body too large (413), unsupported type (415).
      body = { status: err.statusCode, message: err.message };
    } else {
      req.log.error({ err }, 'request failed');
      body = { status: 500, message: 'Something went wrong on the server. Please try again.' };
    }
    return reply.status(body.status).send(body);
  });
}
