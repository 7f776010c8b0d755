import { describe, expect, it } from 'vitest';
import { DEVICE_KEY_MIN_LENGTH } from '../device-keys.js';
import { type CatalogueVital, type KeyAndDevice, keyHashOf, parseMeasurement } from './parse.js';
import { IntakeRefusal } from './refusal.js';

const now = new Date('2026-11-10T12:00:00Z');
const vitals: CatalogueVital[] = [
  { vital_id: 1, vital_type: 'systolic', unit: 'mmHg', device_type_id: 1 },
  { vital_id: 2, vital_type: 'diastolic', unit: 'mmHg', device_type_id: 1 },
  { vital_id: 3, vital_type: 'pulse', unit: 'bpm', device_type_id: 1 },
  { vital_id: 4, vital_type: 'weight', unit: 'lbs', device_type_id: 2 },
];
const found: KeyAndDevice = {
  key_id: 7,
  key_org: 1,
  revoked_at: null,
  inventory_id: 11,
  device_type_id: 1,
  device_org: 1,
};
const request = (values: Record<string, number>, takenAt = '2026-11-10T11:00:00Z', key = 'k'.repeat(30)) => ({
  key,
  ip: '10.0.0.1',
  body: { imei: 'IMEI-1', taken_at: takenAt, values },
});
const refusal = (result: unknown) =>
  result instanceof IntakeRefusal ? [result.reason, result.message, result.field] : result;

describe('parseMeasurement (the intake parse step)', () => {
  it('names the values by vital, sorted by vital id, with the UTC day', () => {
    const m = parseMeasurement(request({ Pulse: 70, SYSTOLIC: 120, dia_stolic: 80 }), found, vitals, now, 3);
    expect(m).toMatchObject({
      index: 3,
      keyId: 7,
      inventoryId: 11,
      deviceTypeId: 1,
      takenAt: '2026-11-10T11:00:00.000Z',
      day: '2026-11-10',
      deviceErrors: [],
      ip: '10.0.0.1',
    });
    expect(m instanceof IntakeRefusal ? null : m.values.map((v) => [v.vital_type, v.value])).toEqual([
      ['systolic', 120],
      ['diastolic', 80],
      ['pulse', 70],
    ]);
  });

  it('hashes the values alone: the same values in another order are a retry, other values are not', () => {
    const hash = (values: Record<string, number>) => {
      const m = parseMeasurement(request(values), found, vitals, now, 0);
      return m instanceof IntakeRefusal ? null : m.payloadHash;
    };
    expect(hash({ systolic: 120, pulse: 70 })).toBe(hash({ pulse: 70, systolic: 120 }));
    expect(hash({ systolic: 120, pulse: 70 })).not.toBe(hash({ systolic: 121, pulse: 70 }));
  });

  it('keeps an impossible value out of the stored ones as a device error (issue 11 #8)', () => {
    const m = parseMeasurement(request({ systolic: 0, pulse: 70 }), found, vitals, now, 0);
    if (m instanceof IntakeRefusal) throw m;
    expect(m.values.map((v) => v.vital_type)).toEqual(['pulse']);
    expect(m.deviceErrors).toEqual([
      {
        vital_type: 'systolic',
        value: 0,
        message:
          'systolic of 0 mmHg is not physiologically possible: treated as a device error, not stored; a task was opened for the care team.',
      },
    ]);
  });

  it.each([
    [
      'no key',
      request({ pulse: 70 }, undefined, ''),
      found,
      ['key_missing', 'A device key is required in the x-device-key header.', undefined],
    ],
    [
      'an unknown key',
      request({ pulse: 70 }),
      { ...found, key_id: null },
      ['key_unknown', 'The device key is unknown or revoked.', undefined],
    ],
    [
      'a revoked key',
      request({ pulse: 70 }),
      { ...found, revoked_at: now },
      ['key_unknown', 'The device key is unknown or revoked.', undefined],
    ],
    [
      'an unknown IMEI',
      request({ pulse: 70 }),
      { ...found, inventory_id: null, device_type_id: null },
      ['unknown_device', 'No device has the IMEI IMEI-1.', 'imei'],
    ],
    [
      'another organisation’s device',
      request({ pulse: 70 }),
      { ...found, device_org: 2 },
      ['foreign_device', 'This device key may not post readings for this device.', 'imei'],
    ],
    [
      'a time beyond the clock skew',
      request({ pulse: 70 }, '2026-11-10T12:05:01Z'),
      found,
      ['invalid', 'taken_at lies in the future.', 'taken_at'],
    ],
    [
      'a time 91 days back',
      request({ pulse: 70 }, '2026-08-11T11:00:00Z'),
      found,
      ['invalid', 'taken_at is more than 90 days old.', 'taken_at'],
    ],
    [
      'a vital of another device type',
      request({ pulse: 70, weight: 180 }),
      found,
      ['invalid', 'weight is not measured by this device.', 'values.weight'],
    ],
    [
      'a vital given twice',
      request({ pulse: 70, Pulse: 71 }),
      found,
      ['invalid', 'Pulse is given twice.', 'values.Pulse'],
    ],
  ] as const)('refuses %s', (_, req, lookup, expected) => {
    expect(refusal(parseMeasurement(req, lookup, vitals, now, 0))).toEqual(expected);
  });

  it('accepts a time within the clock skew and one just inside 90 days', () => {
    for (const at of ['2026-11-10T12:05:00Z', '2026-08-12T12:00:00Z'])
      expect(parseMeasurement(request({ pulse: 70 }, at), found, vitals, now, 0)).not.toBeInstanceOf(
        IntakeRefusal,
      );
  });

  it('looks up no key shorter than a real one', () => {
    expect(keyHashOf(undefined)).toBe('');
    expect(keyHashOf('k'.repeat(DEVICE_KEY_MIN_LENGTH - 1))).toBe('');
    expect(keyHashOf('k'.repeat(DEVICE_KEY_MIN_LENGTH))).toMatch(/^[0-9a-f]{64}$/);
  });
});
