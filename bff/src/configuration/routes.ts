import { type CallDef, configTables, MSG } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import { addConfigRow, CONFIG_WRITES, updateConfigRow } from './write-store.js';

/** The configuration tables' add and update calls, one registration for all, each held to its table's page. */
export function configurationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  for (const [name, table] of configTables()) {
    const write = CONFIG_WRITES[name];
    const add: CallDef = table.add;
    registerCall(app, deps, add, async ({ auth, body, req, headers }) => {
      const who = actor(auth, req.ip, clock.now());
      const orgs = await visibleOrganizations(db, auth);
      const key = (headers as { 'idempotency-key'?: string } | undefined)?.['idempotency-key'];
      return addedOnce(db, auth.userId, add, key, who.at, (trx) =>
        addConfigRow(trx, who, write, body as Record<string, unknown>, orgs),
      );
    });
    const update: CallDef | undefined = table.update;
    if (!update) continue;
    registerCall(app, deps, update, async ({ auth, body, req }) => {
      const { id, ...fields } = body as { id: number } & Record<string, unknown>;
      const orgs = await visibleOrganizations(db, auth);
      await updateConfigRow(db, actor(auth, req.ip, clock.now()), write, id, fields, orgs);
      return { message: MSG.updatedSuccessfully };
    });
  }
}
