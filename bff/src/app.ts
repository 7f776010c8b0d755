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
import { createHub } from './hub/hub.js';
import { connectRedisAdapter } from './hub/redis-adapter.js';
import { createMissedReadingsJob } from './jobs/missed-readings.js';
import { authRoutes } from './routes/auth.js';
import { billingRoutes } from './routes/billing.js';
import { chartRoutes } from './routes/chart.js';
import { chartRecordRoutes } from './routes/chart-records.js';
import { chartWorkRoutes } from './routes/chart-work.js';
import { healthRoutes } from './routes/health.js';
import { ingestRoutes } from './routes/ingest.js';
import { notificationRoutes } from './routes/notifications.js';
import { organizationRoutes } from './routes/organizations.js';
import { patientRoutes } from './routes/patients.js';
import { ruleRoutes } from './routes/rules.js';
import { shellRoutes } from './routes/shell.js';
import { temporaryLoginRoutes } from './routes/temporary-login.js';
import { translationRoutes } from './routes/translation.js';

export interface AppOptions {
  readonly config: Config;
  readonly db: Db;
  readonly clock?: Clock;
  /**
   * Milliseconds between passes of the missed-reading outreach job (jobs/missed-readings.ts); 0 leaves it
   * stopped (tests run its passes themselves). Default: MISSED_READINGS_INTERVAL_MS.
   */
  readonly missedReadingsIntervalMs?: number;
}

/** The whole BFF as one Fastify plugin: security, errors, the API calls, the OpenAPI document, the client. */
export const appPlugin = fp<AppOptions>(async (app, opts) => {
  const clock = opts.clock ?? systemClock;
  // socket.io on the same HTTP server (STACK.md: no @fastify/websocket, which would swallow the upgrades).
  const redis = opts.config.REDIS_URL ? await connectRedisAdapter(opts.config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  const hub = createHub(app.server, {
    db: opts.db,
    clock,
    log: app.log,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  // preClose, not onClose: Fastify's server.close() runs before onClose hooks and would wait for open websockets.
  app.addHook('preClose', async () => hub.close());
  const deps: Deps = {
    config: opts.config,
    db: opts.db,
    clock,
    hub,
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
  notificationRoutes(app, deps);
  patientRoutes(app, deps);
  organizationRoutes(app, deps);
  translationRoutes(app, deps);
  temporaryLoginRoutes(app, deps);
  shellRoutes(app, deps);
  billingRoutes(app, deps);
  chartRoutes(app, deps);
  chartRecordRoutes(app, deps);
  chartWorkRoutes(app, deps);
  ruleRoutes(app, deps);
  ingestRoutes(app, deps);

  // Outreach tasks for missed readings (issue 5 part 5), on the app's clock; stopped before the database closes.
  if (opts.missedReadingsIntervalMs !== 0) {
    const missedReadings = createMissedReadingsJob({
      db: opts.db,
      clock,
      log: app.log,
      ...(opts.missedReadingsIntervalMs ? { intervalMs: opts.missedReadingsIntervalMs } : {}),
    });
    app.addHook('onReady', async () => missedReadings.start());
    app.addHook('preClose', async () => missedReadings.stop());
  }

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
