import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { requireSession } from '../auth/sessions.js';
import type { Deps } from '../deps.js';
import { DomainError } from '../domain-errors.js';
import { type FhirAccess, userAccess } from './access.js';
import { bearerAccess } from './auth/bearer.js';
import { FhirError } from './outcome.js';

const credentials = z.object({ uid: z.coerce.number().int().positive(), token: z.string().min(1).max(256) });

/**
 * Who calls the FHIR API: a SMART client by its bearer token, else a signed-in user by the product's own session
 * headers and cookie (decisions.md "FHIR R4 API"); 401 otherwise.
 */
export async function resolveFhirAccess(req: FastifyRequest, deps: Deps): Promise<FhirAccess> {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(authorization);
    if (!match?.[1]) throw new FhirError(401, 'login', 'Authorization must be a Bearer token.');
    return bearerAccess(deps, match[1], req.ip);
  }
  const creds = credentials.safeParse(req.headers);
  if (!creds.success)
    throw new FhirError(401, 'login', 'Send a bearer token from /fhir/auth/token, or sign in first.');
  try {
    const { user, ...session } = await requireSession(deps.db, deps.clock, {
      ...creds.data,
      cookieSecret: req.cookies[SESSION_COOKIE],
    });
    if (!user.active) throw new FhirError(401, 'login', 'This account is disabled.');
    return userAccess(
      { session, userId: session.userId, roleid: user.roleid, practiceIds: user.practiceIds },
      req.ip,
    );
  } catch (error) {
    if (error instanceof DomainError) throw new FhirError(401, 'login', error.message);
    throw error;
  }
}
