/** Ids of the reference rows that migrations/0001_core.sql inserts, for code that needs a specific one. */

/** device_types.device_type_id. Type 2 (weight) has no per-vital monitoring levels (spec 001 §2.2). */
export const DEVICE_TYPE = {
  bloodPressure: 1,
  weightScale: 2,
  glucometer: 3,
  pulseOximeter: 4,
  cpap: 5,
} as const;

/** vitals.vital_id. Vital 5 is AHI, the sleep-apnea vital with high bounds 100 (spec 001 §9). */
export const VITAL = {
  systolic: 1,
  diastolic: 2,
  pulse: 3,
  weight: 4,
  ahi: 5,
  bloodGlucose: 6,
  spo2: 7,
  usage: 8,
  leaks: 9,
} as const;

/** programs.program_id. */
export const PROGRAM = { RPM: 1, CCM: 2, BHI: 3, PCM: 4, RTM: 5 } as const;

/** languages.language_id (spec 000 §9). */
export const LANGUAGE = { english: 1, arabic: 2, spanish: 3 } as const;
