import { ALL_CALLS, type CallDef, callUrl, checkPageAccess } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TABLE_NAMES } from '../db/schema.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import {
  makeRecords,
  namesPatient,
  OWN_ID_FIELDS,
  RECORD_ID_FIELDS,
  type Records,
  valuesFor,
} from './records.js';
import { type KnownValues, sample, unwrap } from './schema-inputs.js';
import type { Signed } from './users.js';

/**
 * Record swaps. Every call whose query or body names a patient, rule, note, task, alert, timer or user
 * is made by a user of another practice (Riverside's medical assistant) about their own records, with one field
 * swapped for the real record of the nurse's practice (Northwind). Expected: a 4xx naming the field, the same as
 * for an unknown record (404 mostly), or a filter's 200 identical to an unknown record's, except
 * checkPageAccess's 403 (001 §7); 403 naming the field
 * where it must be the caller's own id; and no row written.
 */

let t: TestApp;
let nurse: Signed; // role 8, Northwind: the records swapped in
let other: Signed; // role 13, Riverside: the caller (check-ins are for roles 6, 8 and 13)
let theirs: Records;
let mine: Records;

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  other = await signIn(t.app, 'role13@demo.test');
  theirs = await makeRecords(t, nurse);
  mine = await makeRecords(t, other);
});
afterAll(async () => t.close());

const keysOf = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  const def = (unwrap(schema) as unknown as { def: { shape?: Record<string, unknown> } }).def;
  return Object.keys(def.shape ?? {});
};

/** One swap: the call, the field, the nurse's record, and whether it must be the caller's own id. */
interface Swap {
  readonly call: CallDef;
  readonly field: string;
  readonly value: number;
  readonly own: boolean;
}

/** A record id no table holds. */
const UNKNOWN_ID = 2_147_483_000;

function swapsOf(call: CallDef): Swap[] {
  const out: Swap[] = [];
  for (const field of [...keysOf(call.query), ...keysOf(call.body)]) {
    const patientUser = namesPatient(call, field);
    if (field in RECORD_ID_FIELDS || patientUser) {
      const kind = patientUser ? 'patient' : RECORD_ID_FIELDS[field as keyof typeof RECORD_ID_FIELDS];
      out.push({ call, field, value: theirs[kind], own: false });
    } else if ((OWN_ID_FIELDS as readonly string[]).includes(field)) {
      out.push({ call, field, value: theirs.userId, own: true });
    }
  }
  return out;
}

async function send(call: CallDef, values: KnownValues) {
  const headers = { ...other.headers, ...(call.headers ? (sample(call.headers, values) as object) : {}) };
  if (call.method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries((call.query ? sample(call.query, values) : {}) as object))
      query.set(k, Array.isArray(v) ? v.join(',') : String(v));
    return t.app.inject({ method: 'GET', url: `${callUrl(call)}?${query}`, headers });
  }
  const payload = call.body ? (sample(call.body, values) as object) : {};
  return t.app.inject({ method: call.method, url: callUrl(call), headers, payload });
}

describe('record swaps (issue 11)', () => {
  it('refuses every foreign record a call names, as unknown, and writes nothing', async () => {
    const swaps = ALL_CALLS.flatMap(swapsOf);
    const failures: string[] = [];
    const closed: string[] = [];
    const answer = (res: { statusCode: number; json(): { field?: string; message?: string } }) =>
      `${res.statusCode} ${res.json().field ?? ''} ${(res.json().message ?? '').replace(/\d+/g, '#')}`;
    for (const swap of swaps) {
      const label = `${swap.call.method} ${swap.call.path} with the nurse's ${swap.field}`;
      const before = await rowCounts(t.db, TABLE_NAMES);
      const res = await send(swap.call, { ...valuesFor(swap.call, mine), [swap.field]: swap.value });
      const after = await rowCounts(t.db, TABLE_NAMES);
      for (const table of TABLE_NAMES)
        if (after[table] !== before[table])
          failures.push(`${label}: ${table} went from ${before[table]} to ${after[table]} rows`);
      const got = answer(res);
      if (res.statusCode === 403 && res.json().field === undefined) {
        // Closed to this caller whatever the record (a role rule, e.g. temporary login): so is their own request.
        const control = answer(await send(swap.call, valuesFor(swap.call, mine)));
        if (control === got) closed.push(`${label}: ${got}`);
        else failures.push(`${label}: answered ${got}, the caller's own records ${control}`);
        continue;
      }
      if (swap.own || swap.call === checkPageAccess) {
        // 001 §7: another user's id, and checkPageAccess's foreign patient, answer 403 naming the field.
        if (res.statusCode !== 403 || res.json().field !== swap.field)
          failures.push(
            `${label}: want 403 naming ${swap.field}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        continue;
      }
      // A foreign record answers exactly as an unknown one (no oracle of which ids exist elsewhere).
      const unknownRes = await send(swap.call, { ...valuesFor(swap.call, mine), [swap.field]: UNKNOWN_ID });
      const unknown = answer(unknownRes);
      // A call that filters ids (the header search's recent charts) leaves a foreign one out as it does an unknown
      // one: the same 200, body for body.
      if (res.statusCode === 200 && unknownRes.statusCode === 200 && res.body === unknownRes.body) continue;
      if (res.statusCode < 400 || res.statusCode >= 500 || got !== unknown || res.json().field === undefined)
        failures.push(`${label}: answered ${got}, an unknown id ${unknown}`);
    }
    const calls = new Set(swaps.map((s) => s.call)).size;
    console.log(
      `security swaps: ${swaps.length} swaps over ${calls} calls; ${swaps.length - closed.length} answered as unknown or 403 naming the field, ${closed.length} closed to the caller (${closed.join('; ')}); ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(swaps.length).toBeGreaterThan(30);
  }, 120_000);
});
