import { ALL_CALLS, type CallDef, callUrl } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { TABLE_NAMES } from '../db/schema.js';
import { rowCounts } from '../test-rows.js';
import { adminWithRecords, valuesFor } from './records.js';
import { badInputs, sample } from './schema-inputs.js';

/**
 * Schema-derived bad bodies for every POST. From a valid body of the top administrator (every page,
 * every patient) about real records, each field in turn is left out, given the wrong type, null, a 100k-character
 * string, a negative, huge or fractional number (and an unknown field where the object is strict); only variants
 * the call's own schema refuses are sent. Each must be answered 4xx, never 5xx, and write no row.
 */

const fixture = adminWithRecords();

const posts = ALL_CALLS.filter((call): call is CallDef & { body: NonNullable<CallDef['body']> } =>
  Boolean(call.method === 'POST' && call.body),
);

describe('bad bodies (issue 11)', () => {
  it('answers every schema-refused body of every POST with a 4xx and writes nothing', async () => {
    const { t, admin, records } = fixture;
    const failures: string[] = [];
    let sent = 0;
    let validBases = 0;
    for (const call of posts) {
      const values = valuesFor(call, records);
      const valid = sample(call.body, values);
      if (call.body.safeParse(valid).success) validBases++;
      const headers = { ...admin.headers, ...(call.headers ? (sample(call.headers, values) as object) : {}) };
      const before = await rowCounts(t.db, TABLE_NAMES);
      for (const bad of badInputs(call.body, valid)) {
        sent++;
        const res = await t.app.inject({
          method: 'POST',
          url: callUrl(call),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(bad.body),
        });
        if (res.statusCode < 400 || res.statusCode >= 500)
          failures.push(`${call.path} with ${bad.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const after = await rowCounts(t.db, TABLE_NAMES);
      for (const table of TABLE_NAMES)
        if (after[table] !== before[table])
          failures.push(`${call.path}: ${table} went from ${before[table]} to ${after[table]} rows`);
    }
    console.log(
      `security bad bodies: ${sent} bad bodies over ${posts.length} POST calls (${validBases} varied from a body the schema accepts); ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(posts.length * 3);
  }, 120_000);
});
