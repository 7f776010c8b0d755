import { isCalendarDay } from '@rpm/shared';
import type { FhirResourceType } from './access.js';
import { FhirError } from './outcome.js';

/**
 * The search parameters of each type, declared once: the query parser and the CapabilityStatement are built from
 * this (decisions.md "FHIR search and paging"). `_count` and the paging cursor apply to every type.
 */
export interface SearchParam {
  readonly name: string;
  readonly type: 'token' | 'string' | 'date' | 'reference';
  readonly documentation: string;
}

const id: SearchParam = { name: '_id', type: 'token', documentation: 'The resource id' };
const patient: SearchParam = { name: 'patient', type: 'reference', documentation: 'Patient/{id} or {id}' };

export const SEARCH_PARAMS: Readonly<Record<FhirResourceType, readonly SearchParam[]>> = {
  Patient: [
    id,
    { name: 'identifier', type: 'token', documentation: 'MRN, as {system}|{value} or {value}' },
    { name: 'name', type: 'string', documentation: 'Starts a family or given name (case ignored)' },
    { name: 'birthdate', type: 'date', documentation: 'eq (default), ge, le, gt or lt a day' },
    { name: '_lastUpdated', type: 'date', documentation: 'ge, le, gt or lt an instant or day' },
  ],
  Observation: [
    id,
    patient,
    { name: 'category', type: 'token', documentation: 'vital-signs' },
    { name: 'code', type: 'token', documentation: 'A LOINC code, as http://loinc.org|{code} or {code}' },
    { name: 'date', type: 'date', documentation: 'ge, le, gt, lt or eq an instant or day; may repeat' },
  ],
  Device: [id, patient],
  Condition: [id, patient],
  CarePlan: [id, patient],
  Practitioner: [id],
  Organization: [id],
  Location: [id],
};

/** The largest page and the default one. */
const COUNT_MAX = 200;
const COUNT_DEFAULT = 50;

/** A date comparison of a `date` parameter. */
export interface DateBound {
  readonly op: 'eq' | 'ge' | 'le' | 'gt' | 'lt';
  /** The start of the day (or the instant). */
  readonly from: Date;
  /** The end of the day, exclusive (the instant plus 1 ms for an instant). */
  readonly to: Date;
}

export interface ParsedSearch {
  readonly values: ReadonlyMap<string, readonly string[]>;
  readonly count: number;
  readonly cursor: string | null;
  readonly sortAscending: boolean;
}

const DATE = /^(eq|ge|le|gt|lt)?(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A date parameter's value: a prefix and a day or an instant; 400 naming the parameter otherwise. */
export function dateBound(name: string, value: string): DateBound {
  const match = DATE.exec(value);
  if (!match || !isCalendarDay(match[2]))
    throw badParam(name, `${name} must be a day or an instant with an offset`);
  const op = (match[1] ?? 'eq') as DateBound['op'];
  if (match[3]) {
    const at = new Date(`${match[2]}${match[3]}`);
    if (Number.isNaN(at.getTime())) throw badParam(name, `${name} is not a time`);
    return { op, from: at, to: new Date(at.getTime() + 1) };
  }
  const from = new Date(`${match[2]}T00:00:00Z`);
  return { op, from, to: new Date(from.getTime() + 86_400_000) };
}

/** A reference parameter's id (Patient/12 or 12). */
export function referenceId(name: string, value: string, type: string): number {
  const match = new RegExp(`^(?:${type}/)?([1-9]\\d{0,9})$`).exec(value);
  if (!match || Number(match[1]) > 2_147_483_647) throw badParam(name, `${name} must be ${type}/{id}`);
  return Number(match[1]);
}

export const badParam = (name: string, message: string) => new FhirError(400, 'invalid', message, name);

/** Parses a search's query by the type's declaration: unknown parameters are refused (400), not ignored. */
export function parseSearch(
  type: FhirResourceType,
  query: Record<string, string | string[] | undefined>,
): ParsedSearch {
  const known = new Set(SEARCH_PARAMS[type].map((p) => p.name));
  const values = new Map<string, string[]>();
  let count = COUNT_DEFAULT;
  let cursor: string | null = null;
  let sortAscending = false;
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const list = Array.isArray(raw) ? raw : [raw];
    if (name === '_count') {
      const n = Number(list[0]);
      if (!Number.isInteger(n) || n < 1)
        throw badParam('_count', '_count must be a whole number of at least 1');
      count = Math.min(n, COUNT_MAX);
    } else if (name === '_cursor') {
      cursor = String(list[0]).slice(0, 200);
    } else if (name === '_sort' && type === 'Observation') {
      if (list[0] !== '-date' && list[0] !== 'date') throw badParam('_sort', '_sort must be -date or date');
      sortAscending = list[0] === 'date';
    } else if (name === '_format') {
      if (!/json/.test(String(list[0])))
        throw new FhirError(400, 'not-supported', 'Only JSON is served', '_format');
    } else if (known.has(name)) {
      values.set(name, list.map(String));
    } else {
      throw badParam(name, `${name} is not a search parameter of ${type} here (see /fhir/R4/metadata)`);
    }
  }
  return { values, count, cursor, sortAscending };
}
