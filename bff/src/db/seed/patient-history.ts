import { daysBetween } from '@rpm/shared';
import { max } from 'date-fns/max';
import { min } from 'date-fns/min';
import type { Db, ProgramName } from '../schema.js';
import { UnnestWriter } from './bulk-insert.js';
import { addDays, addMinutes, startOfDay, startOfMonthsAgo } from './dates.js';
import type { PatientPlan } from './patient-plan.js';
import type { Random } from './prng.js';
import { createVitalProfile } from './vital-values.js';

/** Months of history before "today": the current month plus five full ones (the compliance strip shows five). */
export const HISTORY_MONTHS = 6;

const RPM_NOTES = [
  'Reviewed readings and trends',
  'Called patient about missed readings',
  'Discussed elevated blood pressure with patient',
  'Medication adherence check',
  'Reviewed device data with physician',
  'Educated patient on device use',
];
const CCM_NOTES = [
  'Care plan review',
  'Coordinated referral with specialist',
  'Medication reconciliation',
  'Follow-up call after ER visit',
];
const BHI_NOTES = ['Behavioural health check-in', 'PHQ-9 follow-up'];
const PCM_NOTES = ['Reviewed condition-specific care plan', 'Medication adjustment for the condition'];
const RTM_NOTES = [
  'Reviewed therapy adherence data',
  'Coached patient on therapy use',
  'Adjusted home program',
];

/** Monthly RTM minutes per tier: under 20, 20-39, 40-59 and 60+ minutes (98980/98981 thresholds). */
const RTM_MINUTE_TIERS: readonly (readonly [readonly [number, number], number])[] = [
  [[8, 18], 30],
  [[20, 38], 35],
  [[40, 58], 25],
  [[60, 70], 10],
];

/** Monthly minute targets per tier: under 20, 20-39, 40-59 and 60+ minutes (99457/99458 thresholds). */
const RPM_MINUTE_TIERS: readonly (readonly [readonly [number, number], number])[] = [
  [[6, 18], 35],
  [[20, 38], 35],
  [[40, 58], 20],
  [[60, 78], 10],
];

/** Buffered writers of the two large tables. */
export interface HistoryWriters {
  readonly readings: UnnestWriter<
    'readings',
    'patient_id' | 'device_assign_id' | 'vital_id' | 'value' | 'taken_at'
  >;
  readonly timeLogs: UnnestWriter<
    'time_logs',
    'patient_id' | 'user_id' | 'program' | 'seconds' | 'logged_at' | 'note'
  >;
}

/** Writers for readings and time logs, flushed in batches of 10,000 rows. */
export function createHistoryWriters(trx: Db): HistoryWriters {
  return {
    readings: new UnnestWriter(trx, 'readings', {
      patient_id: 'integer',
      device_assign_id: 'integer',
      vital_id: 'integer',
      value: 'numeric',
      taken_at: 'timestamptz',
    }),
    timeLogs: new UnnestWriter(trx, 'time_logs', {
      patient_id: 'integer',
      user_id: 'integer',
      program: 'text',
      seconds: 'integer',
      logged_at: 'timestamptz',
      note: 'text',
    }),
  };
}

/** Inputs of {@link writePatientHistory}. */
export interface PatientHistoryInput {
  readonly plan: PatientPlan;
  readonly patientId: number;
  /** The patient's own stream. */
  readonly random: Random;
  readonly today: Date;
  /** The patient's device assignments. */
  readonly assignments: readonly { readonly deviceTypeId: number; readonly assignId: number }[];
  /** Who logs minutes for the patient: coordinators first (listed twice, so they log most), nurses, physicians. */
  readonly loggers: readonly number[];
  readonly writers: HistoryWriters;
  /** Months of history: the current month plus this many minus one full ones (default {@link HISTORY_MONTHS}). */
  readonly historyMonths?: number;
  /** For patients enrolled in RTM: a stream of their own for RTM minutes, so RTM changes no one's other data. */
  readonly rtmRandom?: Random;
  /** PCM minutes for a patient without CCM, from a stream of its own (no other seeded value moves). */
  readonly pcmRandom?: Random;
}

/** Buffers a patient's readings (on random days as dense as their compliance) and monthly RPM, CCM and BHI minutes. */
export function writePatientHistory(input: PatientHistoryInput): void {
  const { plan, patientId, today, loggers } = input;
  const { readings, timeLogs } = input.writers;
  if (!plan.setup) return;
  const r = input.random;
  const historyMonths = input.historyMonths ?? HISTORY_MONTHS;
  const windowStart = startOfMonthsAgo(today, historyMonths - 1);
  const yesterday = addDays(startOfDay(today), -1);
  const first = max([addDays(plan.setup, 1), windowStart]);
  const last =
    plan.dischargedAt && plan.dischargedAt < yesterday ? addDays(plan.dischargedAt, -1) : yesterday;

  // Compliance: some patients measure nearly daily (16+ reading days a month), some rarely.
  const base = r.weighted<[number, number]>([
    [[0.75, 0.97], 40],
    [[0.45, 0.7], 30],
    [[0.1, 0.45], 30],
  ]);
  const compliance = r.float(base[0], base[1]) * (plan.kind === 'onHold' ? 0.3 : 1);
  const devices = input.assignments.map((a) => ({
    ...a,
    profile: createVitalProfile(a.deviceTypeId, r),
  }));
  let monthKey = -1;
  let monthCompliance = compliance;
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (day.getUTCMonth() !== monthKey) {
      monthKey = day.getUTCMonth();
      monthCompliance = Math.min(1, Math.max(0, r.normal(compliance, 0.08)));
    }
    if (!r.chance(monthCompliance)) continue;
    for (const [n, dev] of devices.entries()) {
      if (n > 0 && !r.chance(0.8)) continue;
      for (const measurement of dev.profile.measureDay(r, daysBetween(plan.setup, day))) {
        const takenAt = addMinutes(day, r.int(11 * 60, 23 * 60 + 59)).toISOString();
        for (const { vitalId, value } of measurement) {
          readings.push({
            patient_id: patientId,
            device_assign_id: dev.assignId,
            vital_id: vitalId,
            value,
            taken_at: takenAt,
          });
        }
      }
    }
  }

  // Logged minutes per month, by the care coordinator mostly, by nurses and the physician otherwise.
  const rpmTier = r.weighted(RPM_MINUTE_TIERS);
  // CCM type 1 aims at 30/60 minutes, other types at 20/40 (spec 001 §9).
  const ccmTiers: readonly (readonly [number, number])[] =
    plan.ccmType === 1
      ? [
          [15, 28],
          [30, 58],
          [60, 75],
        ]
      : [
          [8, 18],
          [20, 38],
          [40, 55],
        ];
  const ccmTier = r.pick(ccmTiers);
  const rtmTier = input.rtmRandom?.weighted(RTM_MINUTE_TIERS);
  for (let m = historyMonths - 1; m >= 0 && loggers.length > 0; m--) {
    const monthStart = startOfMonthsAgo(today, m);
    const monthEnd = addDays(startOfMonthsAgo(today, m - 1), -1);
    const from = max([first, monthStart]);
    const to = min([last, monthEnd]);
    if (to < from) continue;
    const share = (daysBetween(from, to) + 1) / (daysBetween(monthStart, monthEnd) + 1);
    const log = (
      program: ProgramName,
      minutes: number,
      notes: readonly string[],
      r: Random = input.random,
    ) => {
      let remaining = Math.round(minutes * share);
      while (remaining > 0) {
        const session = Math.min(remaining, r.int(3, 15));
        remaining -= session;
        const on = addDays(from, r.int(0, daysBetween(from, to)));
        timeLogs.push({
          patient_id: patientId,
          user_id: r.pick(loggers),
          program,
          // A little over the whole minutes, so a month planned at 20 minutes reaches 20:00.
          seconds: session * 60 + r.int(0, 45),
          logged_at: addMinutes(on, r.int(13 * 60, 22 * 60)).toISOString(),
          note: r.pick(notes),
        });
      }
    };
    const monthFactor = plan.kind === 'onHold' ? 0.3 : 1;
    log('RPM', r.int(rpmTier[0], rpmTier[1]) * monthFactor, RPM_NOTES);
    if (plan.ccmType) log('CCM', r.int(ccmTier[0], ccmTier[1]), CCM_NOTES);
    if (plan.bhi) log('BHI', r.int(10, 30), BHI_NOTES);
    // PCM aims at 30 minutes (99426); some months fall short.
    if (input.pcmRandom) log('PCM', input.pcmRandom.int(15, 45), PCM_NOTES, input.pcmRandom);
    if (input.rtmRandom && rtmTier)
      log('RTM', input.rtmRandom.int(rtmTier[0], rtmTier[1]), RTM_NOTES, input.rtmRandom);
  }
}
