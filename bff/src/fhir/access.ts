import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import { organizationVisible, patientVisible } from '../scope.js';

/** The FHIR resource types the API serves (decisions.md "FHIR R4 API"). */
export const FHIR_RESOURCE_TYPES = [
  'Patient',
  'Practitioner',
  'Organization',
  'Location',
  'Observation',
  'Device',
  'Condition',
  'CarePlan',
] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

/**
 * Who reads the FHIR API and what they may read: a registered SMART backend-services client (one organisation, its
 * granted `system/<Type>.rs` scopes) or a signed-in user (their patient scope, every type). Every resource query
 * takes its rows through {@link FhirAccess.patientVisible} or {@link FhirAccess.organizationVisible}, so a resource
 * outside the caller's reach is never found (404), by id or by search.
 */
export interface FhirAccess {
  /** The SMART client, when the caller is one (audit rows name it in their detail). */
  readonly client: { readonly clientId: string; readonly name: string } | null;
  /** The signed-in user, or for a client null (audit rows then carry no user). */
  readonly userId: number | null;
  /** The administrator behind a temporary login, as the audit log names both. */
  readonly actingUserId: number | null;
  readonly ip: string | null;
  /** The requester of a Bulk export (one export at a time each). */
  readonly requester: string;
  /** The caller's granted scopes (a user's: every type), kept with a Bulk export it starts. */
  readonly scopes: readonly string[];
  /** Whether the caller's scopes include reading (and searching) this type. */
  may(type: FhirResourceType): boolean;
  /** A condition on a `patients` row (or the alias): the caller may read this patient. */
  patientVisible(patients?: string): RawBuilder<SqlBool>;
  /** A condition on an organisation id column: the caller may read this organisation's rows. */
  organizationVisible(column: string): RawBuilder<SqlBool>;
}

/** The scope string of reading and searching a type, as SMART v2 spells it. */
const readScope = (type: FhirResourceType | '*'): string => `system/${type}.rs`;

/** Access of a SMART client: its one organisation's rows, the types its granted scopes name. */
export function clientAccess(opts: {
  readonly clientId: string;
  readonly name: string;
  readonly organizationId: number;
  readonly scopes: readonly string[];
  readonly ip: string | null;
}): FhirAccess {
  const granted = new Set(opts.scopes);
  return {
    client: { clientId: opts.clientId, name: opts.name },
    userId: null,
    actingUserId: null,
    ip: opts.ip,
    requester: `client:${opts.clientId}`,
    scopes: opts.scopes,
    may: (type) => granted.has(readScope(type)) || granted.has(readScope('*')),
    patientVisible: (patients = 'patients') =>
      sql<SqlBool>`${sql.ref(`${patients}.organization_id`)} = ${opts.organizationId}`,
    organizationVisible: (column) => sql<SqlBool>`${sql.ref(column)} = ${opts.organizationId}`,
  };
}

/** Access of a signed-in user: the patients and organisations they may read in the product, every type. */
export function userAccess(auth: AuthContext, ip: string | null): FhirAccess {
  return {
    client: null,
    userId: auth.userId,
    actingUserId: auth.session.actingUserId,
    ip,
    requester: `user:${auth.userId}`,
    scopes: [readScope('*')],
    may: () => true,
    patientVisible: (patients = 'patients') => patientVisible(auth, patients),
    organizationVisible: (column) => organizationVisible(auth, column),
  };
}

/** The access narrowed to one practice's patients (a Bulk export of Group/{practiceId}). */
export function practiceAccess(access: FhirAccess, practiceId: number): FhirAccess {
  return {
    ...access,
    patientVisible: (patients = 'patients') =>
      sql<SqlBool>`${access.patientVisible(patients)} and ${sql.ref(`${patients}.practice_id`)} = ${practiceId}`,
  };
}
