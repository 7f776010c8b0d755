import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { requireSignedIn } from './auth/guard.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/schema.js';
import { embeddedApi } from './embedded.js';
import { answerSerializerCompiler } from './http/answer-serializer.js';
import { clientFiles } from './http/client-files.js';
import { registerErrorHandler } from './http/errors.js';
import { compressJson } from './http/json-compression.js';
import { securityHeaders } from './http/security.js';

export interface AppOptions {
  readonly config: Config;
  /** The database of embedded mode; relay mode (config.UPSTREAM_API_BASE) has none. */
  readonly db?: Db;
  readonly clock?: Clock;
  /** Ms between passes of the missed-reading outreach job; 0 leaves it stopped (tests run its passes themselves). */
  readonly missedReadingsIntervalMs?: number;
  /** Ms between passes of the alert escalation job (60 s by default); 0 leaves it stopped. */
  readonly escalationIntervalMs?: number;
}

/** The whole BFF as one Fastify plugin: security, errors, the API (answered or relayed), OpenAPI, the client. */
const appPlugin = fp<AppOptions>(async (app, opts) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(opts.config.validateAnswers));
  registerErrorHandler(app);
  securityHeaders(app, opts.config);
  // API answers compressed here (json-compression.ts); the client's files were compressed at build time.
  app.addHook('onSend', compressJson);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'RPM API', version: '1.0.0', description: 'Calls of spec 000 §7 and 001 §7' } },
    transform: jsonSchemaTransform,
  });

  const upstream = opts.config.UPSTREAM_API_BASE;
  if (upstream) {
    // Loaded only in relay mode: its proxy costs 0.3 s of every embedded start.
    const { relayHub, relayRoutes } = await import('./relay/relay.js');
    relayRoutes(app, { upstream, callStatusAuth: opts.config.UPSTREAM_CALL_STATUS_AUTH });
    await relayHub(app, { upstream });
  } else if (opts.db) {
    await embeddedApi(app, { ...opts, db: opts.db });
  } else {
    throw new Error('Embedded mode needs a database (or set UPSTREAM_API_BASE for relay mode).');
  }

  // Outside production anyone may read the API's shape; in production only signed-in callers, unless OPENAPI_PUBLIC
  // says otherwise (issue 44). Relay mode has no sessions of its own to check, so there it is public or absent.
  const openApiPublic =
    (opts.config.OPENAPI_PUBLIC ?? (opts.config.NODE_ENV === 'production' ? '0' : '1')) === '1';
  const db = opts.db;
  if (openApiPublic || db) {
    app.get('/api/openapi.json', { schema: { hide: true } }, async (req) => {
      if (!openApiPublic && db) await requireSignedIn(req, db, opts.clock ?? systemClock);
      return app.swagger();
    });
  }
  await clientFiles(app, opts.config.CLIENT_DIST);
});

/**
 * Fastify's trustProxy of the TRUST_PROXY setting (config.ts): a hop count trusts the socket and the hops before
 * the client (proxy-addr counts hop 0 as the socket), so the client address is the entry the outermost of our
 * proxies appended; addresses are passed as they are.
 */
function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Creates the Fastify instance with the server-wide limits and registers the app. */
export async function createApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.config.LOG_LEVEL },
    bodyLimit: opts.config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(opts.config.TRUST_PROXY),
  });
  await app.register(appPlugin, opts);
  return app;
}
