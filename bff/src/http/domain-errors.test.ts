import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { conflict, forbidden, invalid, notFound } from '../domain-errors.js';
import { registerErrorHandler } from './errors.js';

describe('domain errors over HTTP (issue 12 #1)', () => {
  it.each([
    [notFound('Patient 9 does not exist.', 'patient_id'), 404],
    [invalid('Invalid Date', 'start_date'), 400],
    [forbidden('You may not change this rule.', 'rule_id'), 403],
    [conflict('This task is already completed.'), 409],
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
    await app.close();
  });
});
