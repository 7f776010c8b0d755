import { DEVICE_TYPE, VITAL } from '../reference-ids.js';
import type { Random } from './prng.js';

/** One vital value of a measurement. */
export interface VitalValue {
  readonly vitalId: number;
  readonly value: number;
}

/** A patient's device: how it measures and what a demo device of that type is called. */
export interface VitalProfile {
  readonly deviceTypeId: number;
  /** The measurements taken on one reading day (usually one; glucometers sometimes two). */
  measureDay(random: Random, dayIndex: number): VitalValue[][];
}

/** Demo device names per device type. */
export const DEVICE_NAMES: Readonly<Record<number, string>> = {
  [DEVICE_TYPE.bloodPressure]: 'Cellular BP Monitor BP-800',
  [DEVICE_TYPE.weightScale]: 'Cellular Weight Scale WS-300',
  [DEVICE_TYPE.glucometer]: 'Cellular Glucometer GL-100',
  [DEVICE_TYPE.pulseOximeter]: 'Pulse Oximeter PO-50',
  [DEVICE_TYPE.cpap]: 'CPAP Therapy Device CP-10',
};

const round = (value: number, decimals = 0) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A per-patient baseline for a device type, so a patient's readings look like one person's: a hypertensive
 * patient stays high, a heart-failure patient's weight drifts, occasional spikes cross alert thresholds.
 */
export function createVitalProfile(deviceTypeId: number, random: Random): VitalProfile {
  switch (deviceTypeId) {
    case DEVICE_TYPE.bloodPressure: {
      const systolic = random.float(112, 162);
      const diastolic = clamp(systolic * 0.58 + random.float(-6, 10), 62, 102);
      const pulse = random.float(60, 88);
      return {
        deviceTypeId,
        measureDay: (r) => {
          const spike = r.chance(0.03) ? r.float(18, 35) : 0;
          return [
            [
              { vitalId: VITAL.systolic, value: round(clamp(r.normal(systolic, 9) + spike, 85, 230)) },
              { vitalId: VITAL.diastolic, value: round(clamp(r.normal(diastolic, 6) + spike / 2, 45, 135)) },
              { vitalId: VITAL.pulse, value: round(clamp(r.normal(pulse, 6), 42, 150)) },
            ],
          ];
        },
      };
    }
    case DEVICE_TYPE.weightScale: {
      const weight = random.float(125, 290);
      const drift = random.float(-0.03, 0.04); // lbs per day: slow loss or fluid gain
      return {
        deviceTypeId,
        measureDay: (r, day) => [
          [{ vitalId: VITAL.weight, value: round(clamp(r.normal(weight + drift * day, 0.9), 80, 450), 1) }],
        ],
      };
    }
    case DEVICE_TYPE.glucometer: {
      const glucose = random.float(95, 210);
      const reading = (r: Random) => [
        { vitalId: VITAL.bloodGlucose, value: round(clamp(r.normal(glucose, 28), 50, 480)) },
      ];
      return {
        deviceTypeId,
        measureDay: (r) => (r.chance(0.3) ? [reading(r), reading(r)] : [reading(r)]),
      };
    }
    case DEVICE_TYPE.pulseOximeter: {
      const spo2 = random.float(93, 98.5);
      return {
        deviceTypeId,
        measureDay: (r) => [[{ vitalId: VITAL.spo2, value: round(clamp(r.normal(spo2, 1.4), 82, 100)) }]],
      };
    }
    case DEVICE_TYPE.cpap: {
      const ahi = random.float(1, 14);
      const usage = random.float(4, 8.5);
      const leaks = random.float(4, 28);
      return {
        deviceTypeId,
        measureDay: (r) => [
          [
            { vitalId: VITAL.ahi, value: round(clamp(r.normal(ahi, 2.2), 0, 100), 1) },
            { vitalId: VITAL.usage, value: round(clamp(r.normal(usage, 1.3), 0.2, 12), 1) },
            { vitalId: VITAL.leaks, value: round(clamp(r.normal(leaks, 5), 0, 100), 1) },
          ],
        ],
      };
    }
    default:
      throw new Error(`no vital profile for device type ${deviceTypeId}`);
  }
}

/** An out-of-range value and its alert text for a device type, as the bell shows it (spec 000 §2.8). */
export function alertText(deviceTypeId: number, random: Random): string {
  switch (deviceTypeId) {
    case DEVICE_TYPE.bloodPressure:
      return random.chance(0.7)
        ? `systolic ${random.int(181, 205)} mmHg above critical high`
        : `diastolic ${random.int(111, 125)} mmHg above critical high`;
    case DEVICE_TYPE.weightScale:
      return `weight gain ${round(random.float(3, 6), 1)} lbs above dry weight`;
    case DEVICE_TYPE.glucometer:
      return random.chance(0.8)
        ? `blood glucose ${random.int(301, 420)} mg/dL above critical high`
        : `blood glucose ${random.int(48, 62)} mg/dL below critical low`;
    case DEVICE_TYPE.pulseOximeter:
      return `spo2 ${random.int(82, 87)} % below critical low`;
    case DEVICE_TYPE.cpap:
      return `ahi ${round(random.float(31, 55), 1)} events/h above critical high`;
    default:
      return 'reading outside the monitoring levels';
  }
}
