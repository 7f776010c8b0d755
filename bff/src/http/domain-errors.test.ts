import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  tooLarge,
  tooMany,
  unauthenticated,
  unavailable,
  upstreamFailed,
  upstreamTimeout,
} from '../domain-errors.js';
import { registerErrorHandler } from './errors.js';

describe('domain errors over HTTP (issue 12 #1)', () => {
  it.each([
    [unauthenticated('Sign in first.'), 401],
    [notFound('Patient 9 does not exist.', 'patient_id'), 404],
    [invalid('Invalid Date', 'start_date'), 400],
    [forbidden('You may not change this rule.', 'rule_id'), 403],
    [conflict('This task is already completed.'), 409],
    [tooLarge('The file is too large.', 'file'), 413],
    [upstreamFailed('Translation failed.'), 502],
    [unavailable('Translation is not available.'), 503],
    [upstreamTimeout('The upstream API did not answer in time.'), 504],
  ])('answers %s with %i and the envelope naming the field', async (error, status) => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      status,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
    });
    expect(res.headers['retry-after']).toBeUndefined();
    await app.close();
  });

  it('answers too many attempts with 429 and Retry-After', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw tooMany('Too many attempts. Try again in 30 seconds.', 30);
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ status: 429, message: 'Too many attempts. Try again in 30 seconds.' });
    await app.close();
  });
});
