import { billingMonth, lowestRoleId } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { forbidden, invalid, notFound } from '../domain-errors.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { seesEverything, userOrganizations } from '../scope.js';

/**
 * 001 §6 "Roles 1 and 10 load the full practice list": for role 1 every practice of every organisation; for role 10
 * every practice of the organisations the biller belongs to (only role 1 spans organisations).
 */
const FULL_LIST_ROLE = 10;

/** The text of the 403 for a practice outside the user's scope. */
export const NO_PRACTICE_ACCESS = 'You do not have access to this practice.';

/** Which practices a user may bill: for roles 1 and 10 as above, else their memberships (a location narrows them). */
export interface BillingScope {
  readonly all: boolean;
  /** practice id → the locations the user may see, or null for the whole practice. Empty when `all`. */
  readonly practices: ReadonlyMap<number, readonly number[] | null>;
}

export async function billingScope(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
): Promise<BillingScope> {
  if (seesEverything(auth)) return { all: true, practices: new Map() };
  if (lowestRoleId(auth.roleid) === FULL_LIST_ROLE) {
    const organizations = await userOrganizations(db, auth.userId);
    const rows =
      organizations.length === 0
        ? []
        : await db
            .selectFrom('practices')
            .select('practice_id')
            .where('organization_id', 'in', organizations)
            .execute();
    return { all: false, practices: new Map(rows.map((row) => [row.practice_id, null])) };
  }
  const rows = await db
    .selectFrom('user_practices')
    .select(['practice_id', 'location_id'])
    .where('user_id', '=', auth.userId)
    .execute();
  const practices = new Map<number, number[] | null>();
  for (const row of rows) {
    const current = practices.get(row.practice_id);
    if (row.location_id === null || current === null) practices.set(row.practice_id, null);
    else practices.set(row.practice_id, [...(current ?? []), row.location_id]);
  }
  return { all: false, practices };
}

/** Whether a patient of this practice and location is in the scope. */
export function inScope(scope: BillingScope, practiceId: number, locationId: number): boolean {
  if (scope.all) return true;
  const locations = scope.practices.get(practiceId);
  return locations === null || locations?.includes(locationId) === true;
}

/** The parsed billing headers (shared/src/api/billing.ts billingHeaders). */
export interface BillingHeaders {
  readonly month: number;
  readonly year: number;
  readonly practice?: string | undefined;
  readonly organization?: string | undefined;
  readonly search?: string | undefined;
}

/** Which summary rows a billing call reads: the month, the practices in scope and the search. */
export interface BillingFilter {
  /** First day of the month, 'YYYY-MM-01'. */
  readonly month: string;
  /** The selected practice, or null for every practice in scope. */
  readonly practiceId: number | null;
  /** The location named by the selector's 'practice##location' value, to be checked against the practice. */
  readonly locationId: number | null;
  /** Locations the rows are limited to within the selected practice (null: all of them). */
  readonly locationIds: readonly number[] | null;
  /** The organisation the rows are limited to when no practice is selected. */
  readonly organizationId: number | null;
  /** The user's scope, applied when no practice is selected. */
  readonly scope: BillingScope;
  /** Lower-cased words that must all occur in the patient's name, or a patient id. */
  readonly searchWords: readonly string[];
  readonly searchId: number | null;
}

const PRACTICE_VALUE = /^(\d+)(?:##(\d*))?$/;

/**
 * Reads the billing headers against the scope without the database: the practice header is an id or the selector's
 * 'practice##location' (001 §3), empty for every practice in scope; one outside a restricted user's memberships is
 * a 403 whether it exists or not ({@link verifyBillingFilter} checks existence). The organization header only
 * narrows "every practice in scope" (decisions.md "Billing filter headers").
 */
export function parseBillingFilter(scope: BillingScope, headers: BillingHeaders): BillingFilter {
  const month = billingMonth(headers.year, headers.month);
  const { searchWords, searchId } = parseSearch(headers.search);
  const base = { month, scope, searchWords, searchId };
  const value = headers.practice?.trim() ?? '';
  if (value !== '') {
    const match = PRACTICE_VALUE.exec(value);
    if (!match) throw invalid('practice must be a practice id or practice##location', 'practice');
    const practiceId = Number(match[1]);
    const locationId = match[2] ? Number(match[2]) : null;
    let locationIds: readonly number[] | null = locationId === null ? null : [locationId];
    if (!scope.all) {
      if (!scope.practices.has(practiceId)) throw forbidden(NO_PRACTICE_ACCESS, 'practice');
      const allowed = scope.practices.get(practiceId) ?? null;
      if (allowed !== null) {
        if (locationId !== null && !allowed.includes(locationId))
          throw forbidden(NO_PRACTICE_ACCESS, 'practice');
        locationIds = locationId === null ? allowed : [locationId];
      }
    }
    return { ...base, practiceId, locationId, locationIds, organizationId: null };
  }
  const organization = headers.organization?.trim() ?? '';
  const organizationId = organization === '' ? null : Number(organization);
  return { ...base, practiceId: null, locationId: null, locationIds: null, organizationId };
}

/**
 * Checks the practice, location and organisation the filter names exist (404) and, for a restricted user, that the
 * organisation holds one of their practices (403); answers the practice's name. Read-only.
 */
export async function verifyBillingFilter(
  db: Db,
  filter: BillingFilter,
): Promise<{ practiceName: string | null }> {
  const { practiceId, locationId, organizationId, scope } = filter;
  if (practiceId !== null) {
    const [practice, location] = await Promise.all([
      db
        .selectFrom('practices')
        .select('practice_name')
        .where('practice_id', '=', practiceId)
        .executeTakeFirst(),
      locationId === null
        ? undefined
        : db
            .selectFrom('locations')
            .select('location_id')
            .where('location_id', '=', locationId)
            .where('practice_id', '=', practiceId)
            .executeTakeFirst(),
    ]);
    if (!practice) throw notFound(`Practice ${practiceId} does not exist.`, 'practice');
    if (locationId !== null && !location)
      throw notFound(`Location ${locationId} is not a location of practice ${practiceId}.`, 'practice');
    return { practiceName: practice.practice_name };
  }
  if (organizationId !== null) {
    const found = await db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!found) throw notFound(`Organisation ${organizationId} does not exist.`, 'organization');
    if (!scope.all) {
      const mine = await db
        .selectFrom('practices')
        .select('practice_id')
        .where('organization_id', '=', organizationId)
        .where('practice_id', 'in', [0, ...scope.practices.keys()])
        .executeTakeFirst();
      if (!mine) throw forbidden('You do not have access to this organisation.', 'organization');
    }
  }
  return { practiceName: null };
}

/** {@link parseBillingFilter} and {@link verifyBillingFilter} one after the other. */
export async function resolveBillingFilter(
  db: Db,
  scope: BillingScope,
  headers: BillingHeaders,
): Promise<{ readonly filter: BillingFilter; readonly practiceName: string | null }> {
  const filter = parseBillingFilter(scope, headers);
  const { practiceName } = await verifyBillingFilter(db, filter);
  return { filter, practiceName };
}

/** The search box (001 §2.1): every word in the patient's name, or the whole term as the patient id (RPM ID). */
function parseSearch(search: string | undefined): { searchWords: string[]; searchId: number | null } {
  return searchTerms(decodeHeader(search ?? ''));
}

/** Header values are Latin-1, so the client URI-encodes a search ('José'); undone here, bad encoding kept as typed. */
function decodeHeader(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The condition on patient_month_summary (alias `s`) for the filter: month, practices, search; `anyMonth` leaves the
 * month to the caller (a list whose month is one of its filters).
 */
export function filterCondition(filter: BillingFilter, s = 's', anyMonth = false): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${s}.${name}`);
  const parts: RawBuilder<unknown>[] = anyMonth
    ? [sql`true`]
    : [sql`${col('month')} = ${filter.month}::date`];
  if (filter.practiceId !== null) {
    parts.push(sql`${col('practice_id')} = ${filter.practiceId}`);
    if (filter.locationIds)
      parts.push(sql`${col('location_id')} = any(${[...filter.locationIds]}::integer[])`);
  } else {
    if (filter.organizationId !== null) parts.push(sql`${col('organization_id')} = ${filter.organizationId}`);
    if (!filter.scope.all) parts.push(scopeCondition(filter.scope, s));
  }
  if (filter.searchWords.length > 0) {
    const name = sql.join(
      filter.searchWords.map((word) => sql`${col('sort_name')} like ${likeWord(word)} escape '\\'`),
      sql` and `,
    );
    parts.push(
      filter.searchId === null
        ? sql`(${name})`
        : sql`(${col('patient_id')} = ${filter.searchId} or (${name}))`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** The scope as a condition on rows with practice and location columns (`alias`.practice_id, .location_id). */
export function billingScopeSql(scope: BillingScope, alias: string): RawBuilder<SqlBool> {
  return scope.all ? sql<SqlBool>`true` : sql<SqlBool>`${scopeCondition(scope, alias)}`;
}

/** The rows of the practices (and locations) a restricted user belongs to. */
function scopeCondition(scope: BillingScope, s: string): RawBuilder<unknown> {
  const whole = [...scope.practices].filter(([, locations]) => locations === null).map(([id]) => id);
  const partial = [...scope.practices].filter(
    (entry): entry is [number, readonly number[]] => entry[1] !== null,
  );
  const parts: RawBuilder<unknown>[] = [];
  if (whole.length > 0) parts.push(sql`${sql.ref(`${s}.practice_id`)} = any(${whole}::integer[])`);
  for (const [practiceId, locations] of partial) {
    parts.push(
      sql`(${sql.ref(`${s}.practice_id`)} = ${practiceId} and ${sql.ref(`${s}.location_id`)} = any(${[...locations]}::integer[]))`,
    );
  }
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}
