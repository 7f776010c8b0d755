import type { Resource } from '@medplum/fhirtypes';
import type { Db } from '../../db/schema.js';
import type { FhirAccess } from '../access.js';
import { badParam, type ParsedSearch } from '../params.js';

/** One page of a search: the resources and the cursor of the next page (null at the end). */
export interface SearchPage {
  readonly resources: readonly Resource[];
  readonly next: string | null;
}

/** How the API reads one type from the product's tables (mapped, not copied: decisions.md "FHIR R4 API"). */
export interface ResourceSource {
  /** The resource, or null when it does not exist or the caller may not see it (404 either way). */
  read(db: Db, access: FhirAccess, id: string): Promise<Resource | null>;
  search(db: Db, access: FhirAccess, search: ParsedSearch): Promise<SearchPage>;
}

/** A keyset cursor: the last row's sort key, opaque to the client. */
export const encodeCursor = (key: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string | null, length: number): (string | number)[] | null {
  if (cursor === null) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(key) &&
      key.length === length &&
      key.every((k) => ['string', 'number'].includes(typeof k))
    )
      return key;
  } catch {
    // Refused below.
  }
  throw badParam('_cursor', '_cursor is not a cursor this server gave');
}

/** The product's id of a resource id: a positive integer, else nothing is found. */
export function numericId(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/** The ids a `_id` parameter names (comma-separated), as numbers; none that are not ids. */
export function idsOf(search: ParsedSearch, prefix = ''): number[] | null {
  const values = search.values.get('_id');
  if (!values) return null;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => (prefix && v.startsWith(prefix) ? v.slice(prefix.length) : v))
    .map(numericId)
    .filter((n): n is number => n !== null);
}
