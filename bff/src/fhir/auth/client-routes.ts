import { getFhirClients, registerFhirClient, revokeFhirClient } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { registerCall } from '../../http/calls.js';
import { actor } from '../../http/route-helpers.js';
import { visibleOrganizations } from '../../scope.js';
import { listClients, registerClient, revokeClient } from './store.js';

/**
 * The administrators' calls of SMART clients (decisions.md "SMART backend services"): page 'FHIR Clients' (roles 1
 * and 2), each for the caller's own organisations (every one for role 1).
 */
export function fhirClientRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  registerCall(app, deps, registerFhirClient, async ({ auth, body, req }) => {
    const clientId = await registerClient(
      db,
      actor(auth, req.ip, clock.now()),
      body,
      await visibleOrganizations(db, auth),
    );
    return { status: 1, message: 'Client registered', data: { client_id: clientId } };
  });
  registerCall(app, deps, revokeFhirClient, async ({ auth, body, req }) => {
    await revokeClient(
      db,
      actor(auth, req.ip, clock.now()),
      body.client_id,
      await visibleOrganizations(db, auth),
    );
    return { status: 1, message: 'Client revoked' };
  });
  registerCall(app, deps, getFhirClients, async ({ auth }) => ({
    status: 1 as const,
    data: await listClients(db, await visibleOrganizations(db, auth)),
  }));
}
