import { DEVICE_KEY_HEADER, ingestReading } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICE_KEY } from '../db/seed/index.js';
import { injectUnchecked } from '../test-app.js';
import { placeElsewhere } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import { hashDeviceKey } from './device-keys.js';
import {
  type IngestWorld,
  ingest,
  ingestUnchecked,
  measurement,
  startIngestWorld,
  TABLES,
} from './ingest-test-world.js';

let w: IngestWorld;

beforeAll(async () => {
  w = await startIngestWorld();
});
afterAll(async () => w.t.close());

describe(`${ingestReading.method} ${ingestReading.path}: concurrency and refusals`, () => {
  it('stores one copy when the same measurement arrives many times at once', async () => {
    const before = await rowCounts(w.t.db, ['readings', 'reading_messages']);
    const payload = measurement(w, w.bp, { systolic: 121, diastolic: 79, pulse: 66 }, 3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => ingest(w, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
    expect(await rowCounts(w.t.db, ['readings', 'reading_messages'])).toEqual({
      readings: before.readings + 3,
      reading_messages: before.reading_messages + 1,
    });
  });

  it('answers each measurement of a batch on its own', async () => {
    const before = await rowCounts(w.t.db, ['readings', 'reading_messages', 'audit_log']);
    const good = measurement(w, w.bp, { systolic: 118, diastolic: 76, pulse: 64 }, 2);
    const answers = await Promise.all([
      ingest(w, good),
      ingest(w, { ...good, imei: '111111111111111' }),
      ingest(w, measurement(w, w.quiet, { systolic: 119, diastolic: 77, pulse: 65 }, 2)),
      ingest(w, { ...good, values: { systolic: 200, diastolic: 76, pulse: 64 } }),
      ingest(w, measurement(w, w.bp, { spo2: 99 }, 2)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 200, 409, 400]);
    expect(await rowCounts(w.t.db, ['readings', 'reading_messages', 'audit_log'])).toEqual({
      readings: before.readings + 6,
      reading_messages: before.reading_messages + 2,
      audit_log: before.audit_log + 2,
    });
  });

  describe('refusals write nothing', () => {
    let otherOrgKey: string;
    let revokedKey: string;
    beforeAll(async () => {
      otherOrgKey = 'dk_test_other_organisation_key_0001';
      revokedKey = 'dk_test_revoked_key_00000000000001';
      const elsewhere = await placeElsewhere(w.t.db, w.place);
      await w.t.db
        .insertInto('device_vendor_keys')
        .values([
          {
            vendor_name: 'Other',
            key_hash: hashDeviceKey(otherOrgKey),
            organization_id: elsewhere.organizationId,
          },
          { vendor_name: 'Old', key_hash: hashDeviceKey(revokedKey), revoked_at: w.t.clock.now() },
        ])
        .execute();
    });

    it.each<[string, () => [unknown, string | null], number, string | undefined]>([
      ['no key', () => [measurement(w, w.bp, { systolic: 120 }, 1), null], 401, undefined],
      [
        'a wrong key',
        () => [measurement(w, w.bp, { systolic: 120 }, 1), 'dk_wrong_key_000000000000000000000'],
        401,
        undefined,
      ],
      ['a short key', () => [measurement(w, w.bp, { systolic: 120 }, 1), 'x'], 401, undefined],
      ['a revoked key', () => [measurement(w, w.bp, { systolic: 120 }, 1), revokedKey], 401, undefined],
      [
        'a key of another organisation',
        () => [measurement(w, w.bp, { systolic: 120 }, 1), otherOrgKey],
        403,
        'imei',
      ],
      [
        'an unknown device',
        () => [{ ...measurement(w, w.bp, { systolic: 120 }, 1), imei: '000000000000000' }, DEMO_DEVICE_KEY],
        404,
        'imei',
      ],
      [
        'a vital the device does not measure',
        () => [measurement(w, w.bp, { spo2: 97 }, 1), DEMO_DEVICE_KEY],
        400,
        'values.spo2',
      ],
      [
        'a vital given twice',
        () => [measurement(w, w.bp, { systolic: 120, Systolic: 121 }, 1), DEMO_DEVICE_KEY],
        400,
        'values.Systolic',
      ],
      [
        'a value as text',
        () => [measurement(w, w.bp, { systolic: '120' }, 1), DEMO_DEVICE_KEY],
        400,
        'values.systolic',
      ],
      [
        'a negative value',
        () => [measurement(w, w.bp, { systolic: -1 }, 1), DEMO_DEVICE_KEY],
        400,
        'values.systolic',
      ],
      ['no values', () => [measurement(w, w.bp, {}, 1), DEMO_DEVICE_KEY], 400, 'values'],
      [
        'no imei',
        () => [{ ...measurement(w, w.bp, { systolic: 120 }, 1), imei: undefined }, DEMO_DEVICE_KEY],
        400,
        'imei',
      ],
      [
        'a time without offset',
        () => [
          { ...measurement(w, w.bp, { systolic: 120 }, 1), taken_at: '2026-11-20T10:00:00' },
          DEMO_DEVICE_KEY,
        ],
        400,
        'taken_at',
      ],
      [
        'a time in the future',
        () => [measurement(w, w.bp, { systolic: 120 }, -60), DEMO_DEVICE_KEY],
        400,
        'taken_at',
      ],
      [
        'a time more than 90 days old',
        () => [measurement(w, w.bp, { systolic: 120 }, 91 * 24 * 60), DEMO_DEVICE_KEY],
        400,
        'taken_at',
      ],
      [
        'a time before the device was assigned',
        () => [measurement(w, w.bp, { systolic: 120 }, 11 * 24 * 60), DEMO_DEVICE_KEY],
        409,
        'taken_at',
      ],
      ['a body that is not an object', () => [[1, 2], DEMO_DEVICE_KEY], 400, undefined],
    ])('%s', async (_, make, status, field) => {
      const [payload, key] = make();
      const before = await rowCounts(w.t.db, TABLES);
      const res = await ingestUnchecked(w, payload, key);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().field).toBe(field);
      expect(await rowCounts(w.t.db, TABLES)).toEqual(before);
    });

    it('refuses malformed JSON with 400', async () => {
      const res = await injectUnchecked(w.t.app, ingestReading, {
        headers: { [DEVICE_KEY_HEADER]: DEMO_DEVICE_KEY, 'content-type': 'application/json' },
        body: '{"imei": ',
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
