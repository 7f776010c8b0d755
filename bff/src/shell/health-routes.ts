import { isAlive } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';

/** GET /api/isAlive (001 §7): answers only when the database answers too. */
export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, isAlive, async () => {
    await sql`select 1`.execute(deps.db);
    return { status: 1 as const, message: 'alive' };
  });
}
