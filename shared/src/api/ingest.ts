import { z } from 'zod';
import { defineCall } from './contract.js';

/**
 * The device-reading intake (the spec never shows how readings arrive: decisions.md "Reading intake call"). A
 * device or its vendor's cloud posts one measurement at a time, authenticated by a vendor key in the `x-device-key`
 * header (stored hashed; 401 when missing, unknown or revoked). The intake is idempotent on device + time: a retry
 * of a measurement already received answers `duplicate: true` and stores nothing again; the same device and time
 * with other values is refused (409).
 */

export const DEVICE_KEY_HEADER = 'x-device-key';

/** Most vitals one measurement carries (a blood-pressure cuff sends three). */
export const INGEST_VALUES_MAX = 10;

/** How far in the future a device clock may run ahead before a reading is refused. */
export const INGEST_CLOCK_SKEW_MS = 5 * 60_000;

/** How old a buffered reading may be; a device that was offline uploads its backlog within this. */
export const INGEST_MAX_AGE_DAYS = 90;

/**
 * One measurement. `values` is keyed by vital name as the vitals table names them (systolic, diastolic, pulse,
 * weight, blood_glucose, spo2, ahi, usage, leaks; case, spaces and underscores do not matter); every vital must
 * belong to the device's type.
 */
export const ingestReadingBody = z.object({
  imei: z.string().regex(/^[0-9A-Za-z-]{4,40}$/, 'imei must be 4 to 40 letters, digits or hyphens'),
  /** When the device measured, ISO 8601 with a time zone offset. */
  taken_at: z.iso.datetime({ offset: true, error: 'taken_at must be an ISO 8601 time with an offset' }),
  values: z
    .record(
      z.string().regex(/^[A-Za-z0-9_ ]{1,40}$/, 'vital names are letters, digits, spaces or underscores'),
      z.number().finite().min(0).max(2000),
    )
    .refine((values) => Object.keys(values).length > 0, 'values must name at least one vital')
    .refine(
      (values) => Object.keys(values).length <= INGEST_VALUES_MAX,
      `values holds ${INGEST_VALUES_MAX} vitals at most`,
    ),
});
export type IngestReadingBody = z.infer<typeof ingestReadingBody>;

/**
 * Vitals for which 0 cannot be a person's value: a device error, not a reading (decisions.md "Impossible readings").
 * Keys as `vitalKey` writes them (lower case, no separators); AHI, usage and leaks may be 0.
 */
export const IMPOSSIBLE_AT_ZERO: ReadonlySet<string> = new Set([
  'systolic',
  'diastolic',
  'pulse',
  'weight',
  'spo2',
  'bloodglucose',
]);

/** The intake's text for a device error. */
export const deviceErrorText = (vitalType: string, value: number, unit: string): string =>
  `${vitalType} of ${value} ${unit} is not physiologically possible: treated as a device error, not stored; a task was opened for the care team.`;

export const ingestReading = defineCall({
  method: 'POST',
  path: 'ingest/readings',
  spec: 'issue 5 part 5 (ours)',
  summary:
    "Stores one measurement of an assigned device (idempotent on device + time), updates the patient's month, checks the device's rule in force and alerts the care team",
  // No session: the vendor key in x-device-key is checked by the handler (401).
  access: 'public',
  headers: z.object({ [DEVICE_KEY_HEADER]: z.string().max(200).optional() }),
  body: ingestReadingBody,
  response: z.object({
    status: z.number().int(),
    data: z.object({
      reading_ids: z.array(z.number().int()),
      /** The measurement had been received before; nothing was stored this time. */
      duplicate: z.boolean(),
      alerts: z.array(
        z.object({
          alert_id: z.number().int(),
          vital_type: z.string(),
          level: z.enum(['abnormal', 'critical']),
          direction: z.enum(['low', 'high']),
        }),
      ),
      /** Values that cannot be a person's: not stored, not alerted; a device task instead. */
      device_errors: z.array(z.object({ vital_type: z.string(), value: z.number(), message: z.string() })),
      /** The task opened for the care team about the device (null without device errors or a care team). */
      device_task_id: z.number().int().nullable(),
    }),
  }),
});
