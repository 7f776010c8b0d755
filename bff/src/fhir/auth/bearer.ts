import type { Deps } from '../../deps.js';
import { clientAccess, type FhirAccess } from '../access.js';
import { FhirError } from '../outcome.js';
import { tokenClient } from './store.js';

/** The access of a SMART client's bearer token; 401 for an unknown, expired or revoked one. */
export async function bearerAccess(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
  ip: string | null,
): Promise<FhirAccess> {
  const client = await tokenClient(deps.db, token, deps.clock.now());
  if (!client) throw new FhirError(401, 'login', 'The access token is unknown, expired or revoked.');
  return clientAccess({
    clientId: client.client_id,
    name: client.name,
    organizationId: client.organization_id,
    scopes: client.scopes,
    ip,
  });
}
