import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OffsetClock } from './clock.js';

/** The body of POST /api/test/clock: how far to move the server's clock. */
const advanceBody = z.object({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000),
});

/**
 * Browser tests move the server's clock (decisions.md "Browser tests move the server's clock"): registered only with
 * TEST_CLOCK=1, which the configuration refuses outside NODE_ENV=test. Not part of the API contract.
 */
export function testClockRoute(app: FastifyInstance, clock: OffsetClock): void {
  app.post('/api/test/clock', { schema: { hide: true } }, async (req, reply) => {
    const parsed = advanceBody.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ status: 0, message: 'advance_ms must be whole ms', field: 'advance_ms' });
    clock.advance(parsed.data.advance_ms);
    return { status: 1, now: clock.now().toISOString() };
  });
}
