import { sessionCacheOf } from '../../db/connect.js';
import type { Deps } from '../../deps.js';
import { clientAccess, type FhirAccess } from '../access.js';
import { FhirError } from '../outcome.js';
import { tokenClient } from './store.js';

type TokenClient = NonNullable<Awaited<ReturnType<typeof tokenClient>>>;

/**
 * The access of a SMART client's bearer token; 401 for an unknown, expired or revoked one. A live token's client is
 * kept in the session cache (decisions.md "SMART backend services"), which every write to the clients and tokens
 * empties in every process (migration 0071), so a revocation holds at once.
 */
export async function bearerAccess(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
  ip: string | null,
): Promise<FhirAccess> {
  const now = deps.clock.now();
  const cache = sessionCacheOf(deps.db);
  const key = `fhir-token ${token}`;
  let client = cache?.get(key) as TokenClient | undefined;
  if (!client || client.expires_at <= now) {
    const generation = cache?.generation ?? 0;
    client = await tokenClient(deps.db, token, now);
    if (client) cache?.set(key, generation, client);
  }
  if (!client) throw new FhirError(401, 'login', 'The access token is unknown, expired or revoked.');
  return clientAccess({
    clientId: client.client_id,
    name: client.name,
    organizationId: client.organization_id,
    scopes: client.scopes,
    ip,
  });
}
