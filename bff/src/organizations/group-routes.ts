import {
  addOrganizationGroup,
  getOrganizationGroupChoices,
  getPracticeProtocol,
  MSG,
  updateOrganizationGroup,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertNewGroup, createGroup, groupChoices, saveGroup } from './group-store.js';
import { practiceProtocolOf } from './practice-protocol-store.js';

/** Organization Groups' form (decisions.md "Organization Groups"); the list is the list pattern's. */
export function groupRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getOrganizationGroupChoices, async ({ auth }) => ({
    status: 1,
    data: await groupChoices(db, auth),
  }));

  registerCall(app, deps, addOrganizationGroup, async ({ auth, body, req, headers }) => {
    await assertNewGroup(db, auth, body);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addOrganizationGroup, headers['idempotency-key'], who.at, (trx) =>
      createGroup(trx, who, body),
    );
  });

  registerCall(app, deps, updateOrganizationGroup, async ({ auth, body, req }) => {
    await saveGroup(db, auth, actor(auth, req.ip, clock.now()), body);
    return { message: MSG.updatedSuccessfully };
  });
}

/** Practice Protocol's one read (decisions.md "Practice Protocol"); its edits are the practices' and defaults' calls. */
export function practiceProtocolRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, getPracticeProtocol, async ({ auth, query }) => ({
    status: 1,
    data: await practiceProtocolOf(deps.db, auth, query.practice_id),
  }));
}
