import { isAlive } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { pingDatabase } from './store.js';

/** isAlive (001 §7): answers only when the database answers too. */
export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, isAlive, async () => {
    await pingDatabase(deps.db);
    return { message: 'alive' };
  });
}
