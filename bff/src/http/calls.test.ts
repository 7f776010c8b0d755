import { callUrl, defineCall, okAnswer } from '@rpm/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { answerSerializerCompiler } from './answer-serializer.js';
import { registerCall } from './calls.js';

const call = <R extends z.ZodType>(path: string, response: R) =>
  defineCall({ method: 'GET', path, spec: 'test', summary: path, access: 'public', response });

const done = call('t/done', okAnswer);
const flag = call('t/flag', z.object({ status: z.boolean(), message: z.string() }));
const plain = call('t/plain', z.object({ parameters: z.string() }));
const file = call('t/file', z.unknown());

let app: FastifyInstance;
afterEach(async () => app.close());

/** An app with the calls' handlers, serialising answers with the validating serializer as tests and development do. */
function appWith(register: (app: FastifyInstance) => void): FastifyInstance {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(true));
  register(app);
  return app;
}

const get = async (path: string) => app.inject({ method: 'GET', url: callUrl({ path }) });

describe("registerCall writes the success envelope's status 1 (issue 39 §2)", () => {
  // Public calls never read deps (no session check).
  const deps = {} as Deps;

  it('adds status 1 to an answer without one; a status the handler writes wins', async () => {
    let refused = false;
    appWith((a) =>
      registerCall(a, deps, done, async () => (refused ? { status: 0, message: 'No' } : { message: 'Yes' })),
    );
    expect((await get(done.path)).json()).toEqual({ status: 1, message: 'Yes' });
    refused = true;
    expect((await get(done.path)).json()).toEqual({ status: 0, message: 'No' });
  });

  it('leaves a status that cannot be 1, an answer without status and a file as they are', async () => {
    appWith((a) => {
      registerCall(a, deps, flag, async () => ({ status: true, message: 'Sent' }));
      registerCall(a, deps, plain, async () => ({ parameters: 'p' }));
      registerCall(a, deps, file, async ({ reply }) => reply.type('text/plain').send('bytes'));
    });
    expect((await get(flag.path)).json()).toEqual({ status: true, message: 'Sent' });
    expect((await get(plain.path)).json()).toEqual({ parameters: 'p' });
    const bytes = await get(file.path);
    expect([bytes.statusCode, bytes.body]).toEqual([200, 'bytes']);
  });
});
