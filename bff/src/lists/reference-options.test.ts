import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema.js';
import { testDatabase } from '../db/test-database.js';
import { deviceTypeOptions, languageOptions } from './reference-options.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 0 }));
});
afterAll(async () => close());

describe('reference-table filter options (read once per database)', () => {
  it('answers the languages and device types by id, and reads each table once', async () => {
    const languages = await db
      .selectFrom('languages')
      .select(['language_id', 'language'])
      .orderBy('language_id')
      .execute();
    const types = await db
      .selectFrom('device_types')
      .select(['device_type_id', 'device_type'])
      .orderBy('device_type_id')
      .execute();
    expect(languages.length).toBeGreaterThan(1);
    expect(await languageOptions(db)).toEqual(
      languages.map((row) => ({ value: String(row.language_id), label: row.language })),
    );
    expect(await deviceTypeOptions(db)).toEqual(
      types.map((row) => ({ value: String(row.device_type_id), label: row.device_type })),
    );
    // Kept: the same answer, not a new read.
    expect(languageOptions(db)).toBe(languageOptions(db));
    expect(deviceTypeOptions(db)).toBe(deviceTypeOptions(db));
  });
});
