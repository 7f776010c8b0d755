import { isoDay } from '@rpm/shared';
import { DEVICE_TYPE, LANGUAGE } from '../reference-ids.js';
import type { Gender, NewPatient, ProgramName } from '../schema.js';
import { addDays, startOfDay } from './dates.js';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names.js';
import { BHI_STATUS, CCM_STATUS, RPM_STATUS } from './patient-statuses.js';
import type { Random } from './prng.js';
import type { SeededPractice } from './seed-organizations.js';

/** Where a patient stands; decides status codes, devices, readings and minutes. */
export type PatientKind = 'active' | 'enrolled' | 'pending' | 'rejected' | 'onHold' | 'discharged';

/** One generated patient before insertion: the row and what drives its devices and history. */
export interface PatientPlan {
  readonly row: NewPatient;
  readonly kind: PatientKind;
  readonly practice: SeededPractice;
  readonly deviceTypeIds: readonly number[];
  readonly setup: Date | null;
  readonly dischargedAt: Date | null;
  readonly ccmType: 1 | 2 | null;
  readonly bhi: boolean;
}

const AREA_CODES = ['206', '312', '415', '503', '617', '702', '713', '919'];
/** Common ICD-10 codes of RPM/CCM patients: hypertension, diabetes, heart failure, COPD, obesity, AF, CKD. */
const DIAGNOSES = [
  ['I10', 40],
  ['E11.9', 20],
  ['I50.9', 12],
  ['J44.9', 8],
  ['E66.9', 6],
  ['I48.91', 6],
  ['N18.3', 4],
  ['E78.5', 4],
] as const;
const SLEEP_APNEA = 'G47.33';
const REJECT_REASONS = ['Patient declined', 'Insurance not eligible', 'Unable to reach patient'];
const REJECT_COMMENTS = [
  'Prefers office visits',
  'Will revisit next quarter',
  'No cellular coverage at home',
];

/** A fictional phone number: the 555-01xx block is reserved for fiction. */
const phone = (random: Random) =>
  `${random.pick(AREA_CODES)}55501${String(random.int(0, 99)).padStart(2, '0')}`;

/** Draws one patient: location, person, status, devices and programs. */
export function planPatient(random: Random, today: Date, practices: readonly SeededPractice[]): PatientPlan {
  const locations = practices.flatMap((practice) =>
    practice.locations.map((location) => [{ practice, location }, practice.sleepFocus ? 0.6 : 1] as const),
  );
  const { practice, location } = random.weighted(locations);
  const gender: Gender = random.chance(0.53) ? 'F' : 'M';
  const firstname = random.pick(gender === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastname = random.pick(LAST_NAMES);
  // Enough referrals not yet set up that the Screened list has several pages for one practice's nurse.
  const kind = random.weighted<PatientKind>([
    ['active', 52],
    ['enrolled', 8],
    ['pending', 26],
    ['rejected', 4],
    ['onHold', 6],
    ['discharged', 4],
  ]);
  const setupDaysAgo = {
    active: [41, 600],
    enrolled: [5, 40],
    onHold: [60, 500],
    discharged: [150, 500],
  } as const;
  const range = kind === 'pending' || kind === 'rejected' ? undefined : setupDaysAgo[kind];
  const setup = range ? startOfDay(addDays(today, -random.int(range[0], range[1]))) : null;
  const dischargedAt = kind === 'discharged' ? addDays(startOfDay(today), -random.int(20, 100)) : null;

  const deviceTypeIds: number[] = [];
  if (setup) {
    if (practice.sleepFocus) {
      const first = random.chance(0.8) ? DEVICE_TYPE.cpap : DEVICE_TYPE.pulseOximeter;
      deviceTypeIds.push(first);
      if (first === DEVICE_TYPE.cpap && random.chance(0.25)) deviceTypeIds.push(DEVICE_TYPE.pulseOximeter);
    } else {
      const first = random.weighted<number>([
        [DEVICE_TYPE.bloodPressure, 60],
        [DEVICE_TYPE.glucometer, 20],
        [DEVICE_TYPE.weightScale, 12],
        [DEVICE_TYPE.pulseOximeter, 8],
      ]);
      deviceTypeIds.push(first);
      if (random.chance(0.35)) {
        const others = [DEVICE_TYPE.bloodPressure, DEVICE_TYPE.weightScale, DEVICE_TYPE.glucometer].filter(
          (type) => type !== first,
        );
        deviceTypeIds.push(random.pick(others));
      }
    }
  }

  const runs = (program: ProgramName) => location.programs.includes(program);
  const ccmRoll = random.next();
  const ccmEnrolled = runs('CCM') && !practice.sleepFocus && setup !== null && ccmRoll < 0.4;
  const ccmStatus = ccmEnrolled
    ? random.pick([CCM_STATUS.enrolled, CCM_STATUS.active])
    : runs('CCM') && ccmRoll < 0.55
      ? CCM_STATUS.eligible
      : ccmRoll < 0.7
        ? CCM_STATUS.notApplicable
        : null;
  const ccmType = ccmEnrolled ? (random.chance(0.3) ? 1 : 2) : null;
  const bhi = runs('BHI') && setup !== null && random.chance(0.25);

  const rpmStatus = {
    active: RPM_STATUS.active,
    enrolled: RPM_STATUS.enrolled,
    pending: random.pick([RPM_STATUS.referred, RPM_STATUS.contacted, RPM_STATUS.consented]),
    rejected: RPM_STATUS.rejected,
    onHold: RPM_STATUS.onHold,
    discharged: RPM_STATUS.discharged,
  }[kind];
  const ageDays = random.int(45 * 365, 92 * 365);
  const createdAt = setup ? addDays(setup, -random.int(7, 30)) : addDays(today, -random.int(1, 60));

  const row: NewPatient = {
    organization_id: practice.organizationId,
    practice_id: practice.practiceId,
    location_id: location.locationId,
    firstname,
    lastname,
    dob: isoDay(addDays(today, -ageDays)),
    gender,
    mobile: phone(random),
    phone: random.chance(0.4) ? phone(random) : null,
    language_id: random.weighted<number>([
      [LANGUAGE.english, 85],
      [LANGUAGE.spanish, 11],
      [LANGUAGE.arabic, 4],
    ]),
    diagnosis_code: practice.sleepFocus ? SLEEP_APNEA : random.weighted(DIAGNOSES),
    rpm_status: rpmStatus,
    ccm_status: ccmStatus,
    bhi_status: bhi ? BHI_STATUS.enrolled : null,
    health_med_id: bhi ? `HM-${random.int(100000, 999999)}` : null,
    setup_date: setup ? isoDay(setup) : null,
    auth_number: setup && random.chance(0.6) ? `AUTH-${random.int(10000000, 99999999)}` : null,
    ccm_type: ccmType ?? 2,
    reject_reason: kind === 'rejected' ? random.pick(REJECT_REASONS) : null,
    reject_comment: kind === 'rejected' && random.chance(0.6) ? random.pick(REJECT_COMMENTS) : null,
    created_at: createdAt,
  };
  return { row, kind, practice, deviceTypeIds, setup, dischargedAt, ccmType, bhi };
}
