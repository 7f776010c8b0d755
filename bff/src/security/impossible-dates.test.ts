import { ALL_CALLS, type CallDef, callUrl } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminWithRecords, valuesFor } from './records.js';
import { sample, unwrap } from './schema-inputs.js';

/**
 * Impossible calendar dates (issue 44 §1): every field of every call that takes a day ('YYYY-MM-DD') refuses
 * '2026-13-01' and '2025-02-30' with a 400 naming the field, through the one day schema (calendar.ts calendarDay).
 * A day field is found from the contract: it accepts a real day and refuses a word.
 */

const IMPOSSIBLE = ['2026-13-01', '2025-02-30'];

/** Texts a day field refuses that other short text fields (codes, names, passwords, IMEIs) accept. */
const NOT_DAYS = ['x', 'abcdefghij', '2026-01-15 ', '2026-01-150', '20260115'];

/** The top-level day fields of an object schema (query or body): they take a real day and none of NOT_DAYS. */
function dayFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const shape = (unwrap(schema) as unknown as { def: { shape?: Record<string, z.ZodType> } }).def.shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(
      ([, field]) =>
        field.safeParse('2026-01-15').success && NOT_DAYS.every((t) => !field.safeParse(t).success),
    )
    .map(([key]) => key);
}

const dated = ALL_CALLS.flatMap((call) => [
  ...dayFields(call.query).map((field) => ({ call, field, where: 'query' as const })),
  ...dayFields(call.body).map((field) => ({ call, field, where: 'body' as const })),
]);

describe('impossible dates (issue 44 §1)', () => {
  it('finds the day fields of the list filters and the sleep calendar', () => {
    const paths = new Set(dated.map((d) => d.call.path));
    expect(paths).toContain('rpm/sleep/getAppointmentsInRange');
    expect(dated.filter((d) => d.field.endsWith('_to')).length).toBeGreaterThan(10);
  });

  it.each(dated.map((d) => [`${d.call.path} ${d.field}`, d] as const))(
    '%s refuses impossible days',
    (_, d) => {
      const schema = d.where === 'query' ? d.call.query : d.call.body;
      for (const day of IMPOSSIBLE) {
        const shape = (
          unwrap(schema as z.ZodType) as unknown as { def: { shape: Record<string, z.ZodType> } }
        ).def.shape;
        expect(shape[d.field]?.safeParse(day).success, `${d.field} = ${day}`).toBe(false);
      }
    },
  );
});

describe('impossible dates over HTTP (issue 44 §1)', () => {
  const fixture = adminWithRecords();

  /** The call's URL with a valid sampled query whose `field` is `day`. */
  function url(call: CallDef, field: string, day: string): string {
    const query = {
      ...(sample(call.query as z.ZodType, valuesFor(call, fixture.records)) as object),
      [field]: day,
    };
    const params = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    return `${callUrl(call)}?${params}`;
  }

  it('answers 400 naming the field for every GET day field, never 500', async () => {
    const failures: string[] = [];
    const gets = dated.filter((d) => d.call.method === 'GET' && d.where === 'query');
    for (const { call, field } of gets) {
      for (const day of IMPOSSIBLE) {
        const res = await fixture.t.app.inject({
          method: 'GET',
          url: url(call, field, day),
          headers: fixture.admin.headers,
        });
        if (res.statusCode !== 400 || !res.body.includes(field))
          failures.push(`${call.path} ${field}=${day}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(
      `impossible dates: ${gets.length * IMPOSSIBLE.length} GET requests over ${gets.length} day fields`,
    );
    expect(failures).toEqual([]);
    expect(gets.length).toBeGreaterThan(10);
  }, 120_000);
});
