import { getIncompleteTaskCount, getRpmVersion } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';

/** The client's version check and the My Tasks badge count (000 §2.7, §7). */
export function shellRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  registerCall(app, deps, getRpmVersion, async ({ body }) => {
    const row = await db
      .selectFrom('app_config')
      .select('value')
      .where('config_key', '=', body.config_key)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `No value is configured for '${body.config_key}'.`, 'config_key');
    return { status: 1, data: { value: row.value } };
  });

  registerCall(app, deps, getIncompleteTaskCount, async ({ auth }) => {
    const row = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('assigned_to', '=', auth.userId)
      .where('status', 'in', ['open', 'in_progress'])
      .executeTakeFirstOrThrow();
    return { status: 1, count: Number(row.count) };
  });
}
