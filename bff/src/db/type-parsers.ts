/**
 * Result-value parsers shared by both engines, so PGlite and PostgreSQL hand back the same JavaScript types:
 * int8 (COUNT(*), bigint identities) and numeric as numbers, dates as Date at UTC midnight.
 * Timestamps (timestamptz → Date) and json/jsonb (→ parsed value) already agree on both and are left alone.
 */

/** PostgreSQL type OIDs we parse ourselves. */
export const TYPE_OIDS = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  int8Array: 1016,
  numericArray: 1231,
  dateArray: 1182,
} as const;

/**
 * int8 as a number while it is exactly representable; beyond 2^53 a bigint, because a rounded id or count
 * would be silently wrong (PGlite's own default behaves the same way).
 */
export function parseInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/** numeric as a JavaScript number: our numerics are readings and amounts, well inside double precision. */
export function parseNumeric(text: string): number {
  return Number(text);
}

/**
 * date as a Date at UTC midnight (node-postgres would use local midnight, PGlite UTC), so `toISOString().slice(0, 10)`
 * is the stored day everywhere; ±infinity map to infinite Dates.
 */
export function parseDate(text: string): Date {
  if (text === 'infinity') return new Date(8.64e15);
  if (text === '-infinity') return new Date(-8.64e15);
  return new Date(`${text}T00:00:00Z`);
}

/** Parses a PostgreSQL array literal of unquoted elements (numbers, dates: never quotes, commas or braces). */
export function parseSimpleArray<T>(text: string, parseElement: (element: string) => T): unknown[] {
  let index = 0;
  const parseLevel = (): unknown[] => {
    const items: unknown[] = [];
    index++; // the opening brace
    let token = '';
    const flush = () => {
      if (token !== '') items.push(token === 'NULL' ? null : parseElement(token));
      token = '';
    };
    while (index < text.length) {
      const char = text[index];
      if (char === '{') {
        items.push(parseLevel());
        continue;
      }
      index++;
      if (char === '}') break;
      if (char === ',') flush();
      else token += char;
    }
    flush();
    return items;
  };
  // Arrays with explicit bounds ('[0:1]={1,2}') lose their bounds, as in node-postgres.
  const start = text.indexOf('{');
  if (start < 0) return [];
  index = start;
  return parseLevel();
}

/** Parser functions keyed by type OID, in the shape both PGlite's `parsers` option and our pg adapter use. */
export const RESULT_PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [TYPE_OIDS.int8]: parseInt8,
  [TYPE_OIDS.numeric]: parseNumeric,
  [TYPE_OIDS.date]: parseDate,
  [TYPE_OIDS.int8Array]: (text) => parseSimpleArray(text, parseInt8),
  [TYPE_OIDS.numericArray]: (text) => parseSimpleArray(text, parseNumeric),
  [TYPE_OIDS.dateArray]: (text) => parseSimpleArray(text, parseDate),
};
