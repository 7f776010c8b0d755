import { getIncompleteTaskCount, getRpmVersion } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { configValue, incompleteTaskCount } from './store.js';

/** The client's version check and the My Tasks badge count (000 §2.7, §7). */
export function shellRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  registerCall(app, deps, getRpmVersion, async ({ body }) => ({
    data: { value: await configValue(db, body.config_key) },
  }));

  registerCall(app, deps, getIncompleteTaskCount, async ({ auth }) => ({
    count: await incompleteTaskCount(db, auth.userId),
  }));
}
