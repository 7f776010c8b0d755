import { createHash } from 'node:crypto';
import {
  daysAgo,
  deviceErrorText,
  IMPOSSIBLE_AT_ZERO,
  INGEST_CLOCK_SKEW_MS,
  INGEST_MAX_AGE_DAYS,
  type IngestReadingBody,
  isoDay,
  vitalKey,
} from '@rpm/shared';
import { DEVICE_KEY_MIN_LENGTH, hashDeviceKey } from '../device-keys.js';
import { IntakeRefusal } from './refusal.js';

/** The intake's parse step (pure): a request, its body parsed by the contract, becomes a measurement or a refusal. */

/** One request to the intake. */
export interface IntakeRequest {
  /** The x-device-key header. */
  readonly key: string | undefined;
  readonly body: IngestReadingBody;
  readonly ip: string;
}

/** A vital as the vitals table holds it. */
export interface CatalogueVital {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly device_type_id: number;
}

/** One value of a measurement, named by its vital. */
export type NamedValue = Omit<CatalogueVital, 'device_type_id'> & { readonly value: number };

/** A value no person can have: a device error, neither stored nor alerted. */
export interface DeviceError {
  readonly vital_type: string;
  readonly value: number;
  readonly message: string;
}

/** What the store found for a request's key and IMEI (nulls: not found). */
export interface KeyAndDevice {
  readonly key_id: number | null;
  readonly key_org: number | null;
  readonly revoked_at: Date | null;
  readonly inventory_id: number | null;
  readonly device_type_id: number | null;
  readonly device_org: number | null;
}

/** A measurement that passed the checks outside the transaction. */
export interface Measurement {
  /** Its place in the batch. */
  readonly index: number;
  readonly keyId: number;
  readonly inventoryId: number;
  readonly deviceTypeId: number;
  /** ISO time. */
  readonly takenAt: string;
  /** The UTC day of takenAt, 'YYYY-MM-DD'. */
  readonly day: string;
  /** What tells a retry (same values) from a conflict (other values) at the same device and time. */
  readonly payloadHash: string;
  /** The request body as sent, JSON (the Device Data logs show it). */
  readonly payload: string;
  /** The values to store, by vital id. */
  readonly values: readonly NamedValue[];
  readonly deviceErrors: readonly DeviceError[];
  readonly ip: string;
}

/** The hash the store looks a key up by; '' for a key too short to be one (found by nothing). */
export const keyHashOf = (key: string | undefined): string =>
  key && key.length >= DEVICE_KEY_MIN_LENGTH ? hashDeviceKey(key) : '';

const impossible = (v: NamedValue) => v.value === 0 && IMPOSSIBLE_AT_ZERO.has(vitalKey(v.vital_type));

/** The body's values as the device type's vitals, sorted by vital id; a refusal names values.<name>. */
function namedValues(
  values: IngestReadingBody['values'],
  vitals: readonly CatalogueVital[],
  deviceTypeId: number,
): NamedValue[] | IntakeRefusal {
  const mine = new Map(
    vitals.filter((v) => v.device_type_id === deviceTypeId).map((v) => [vitalKey(v.vital_type), v]),
  );
  const named: NamedValue[] = [];
  for (const [name, value] of Object.entries(values)) {
    const vital = mine.get(vitalKey(name));
    if (!vital)
      return new IntakeRefusal('invalid', `${name} is not measured by this device.`, `values.${name}`);
    if (named.some((v) => v.vital_id === vital.vital_id))
      return new IntakeRefusal('invalid', `${name} is given twice.`, `values.${name}`);
    named.push({ vital_id: vital.vital_id, vital_type: vital.vital_type, unit: vital.unit, value });
  }
  return named.sort((a, b) => a.vital_id - b.vital_id);
}

/** Checks one request against what the store found: the key, its organisation's device, taken_at and the vitals. */
export function parseMeasurement(
  request: IntakeRequest,
  found: KeyAndDevice | undefined,
  vitals: readonly CatalogueVital[],
  now: Date,
  index: number,
): Measurement | IntakeRefusal {
  if (!request.key)
    return new IntakeRefusal('key_missing', 'A device key is required in the x-device-key header.');
  if (!found || found.key_id === null || found.revoked_at !== null)
    return new IntakeRefusal('key_unknown', 'The device key is unknown or revoked.');
  const { body } = request;
  if (found.inventory_id === null || found.device_type_id === null)
    return new IntakeRefusal('unknown_device', `No device has the IMEI ${body.imei}.`, 'imei');
  if (found.key_org !== null && found.device_org !== found.key_org)
    return new IntakeRefusal(
      'foreign_device',
      'This device key may not post readings for this device.',
      'imei',
    );
  const taken = new Date(body.taken_at);
  if (taken.getTime() > now.getTime() + INGEST_CLOCK_SKEW_MS)
    return new IntakeRefusal('invalid', 'taken_at lies in the future.', 'taken_at');
  if (taken < daysAgo(now, INGEST_MAX_AGE_DAYS))
    return new IntakeRefusal('invalid', `taken_at is more than ${INGEST_MAX_AGE_DAYS} days old.`, 'taken_at');
  const values = namedValues(body.values, vitals, found.device_type_id);
  if (values instanceof IntakeRefusal) return values;
  return {
    index,
    keyId: found.key_id,
    inventoryId: found.inventory_id,
    deviceTypeId: found.device_type_id,
    takenAt: taken.toISOString(),
    day: isoDay(taken),
    payloadHash: createHash('sha256')
      .update(JSON.stringify(values.map((v) => [v.vital_id, v.value])))
      .digest('hex'),
    payload: JSON.stringify(body),
    values: values.filter((v) => !impossible(v)),
    deviceErrors: values.filter(impossible).map((v) => ({
      vital_type: v.vital_type,
      value: v.value,
      message: deviceErrorText(v.vital_type, v.value, v.unit),
    })),
    ip: request.ip,
  };
}
