import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { invalid, unauthenticated } from '../domain-errors.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookEvent } from './schema.js';
import { applyEvent, vendorSecrets, verifySignature } from './store.js';

/** Largest webhook body. */
const BODY_MAX = 64 * 1024;

/**
 * POST /api/webhooks/devices/{vendor} (issue 43 §4; decisions.md "Device vendor webhooks"): the signature is checked
 * over the raw body before it is parsed, so this route keeps its body as bytes.
 */
export async function webhookRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_MAX },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { vendor: string }; Body: Buffer }>(
      '/api/webhooks/devices/:vendor',
      async (req, reply) => {
        const vendor = req.params.vendor;
        if (!/^[a-z0-9-]{2,40}$/.test(vendor)) throw unauthenticated('Unknown vendor.');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const { organizationId } = verifySignature(
          await vendorSecrets(deps.db, vendor),
          header(TIMESTAMP_HEADER),
          header(SIGNATURE_HEADER),
          raw,
          deps.clock.now(),
        );
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw invalid('The body is not JSON.', 'body');
        }
        const parsed = webhookEvent.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalid(issue?.message ?? 'The body is not an event.', issue?.path.join('.') || 'body');
        }
        const applied = await applyEvent(deps.db, deps.clock, vendor, organizationId, parsed.data, raw);
        return reply
          .header('cache-control', 'no-store')
          .send({ status: 1, message: 'Accepted', duplicate: applied.duplicate });
      },
    );
  });
}
