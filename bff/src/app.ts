import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createCaptcha } from './auth/captcha.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/schema.js';
import type { Deps } from './deps.js';
import { clientFiles } from './http/client-files.js';
import { registerErrorHandler } from './http/errors.js';
import { securityHeaders } from './http/security.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';

export interface AppOptions {
  readonly config: Config;
  readonly db: Db;
  readonly clock?: Clock;
}

/** The whole BFF as one Fastify plugin: security, errors, the API calls, the OpenAPI document, the client. */
export const appPlugin = fp<AppOptions>(async (app, opts) => {
  const deps: Deps = {
    config: opts.config,
    db: opts.db,
    clock: opts.clock ?? systemClock,
    captcha: createCaptcha({
      db: opts.db,
      secret: opts.config.appSecret,
      maxCounter: opts.config.CAPTCHA_MAX_COUNTER,
    }),
  };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await securityHeaders(app);
  // gzip/brotli for the client's files and larger JSON answers (threshold: 1 KiB).
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'RPM API', version: '1.0.0', description: 'Calls of spec 000 §7 and 001 §7' } },
    transform: jsonSchemaTransform,
  });

  healthRoutes(app, deps);
  authRoutes(app, deps);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await clientFiles(app, opts.config.CLIENT_DIST);
});

/** Creates the Fastify instance with the server-wide limits and registers the app. */
export async function createApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.config.LOG_LEVEL },
    bodyLimit: opts.config.BODY_LIMIT_BYTES,
    trustProxy: opts.config.TRUST_PROXY,
  });
  await app.register(appPlugin, opts);
  return app;
}
