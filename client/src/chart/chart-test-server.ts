import {
  type ActivityTimer,
  addCheckInEntry,
  checkPageAccess,
  getMonthlyTargets,
  getMoreNotificationRuleData,
  getNotificationRules,
  getPatientBanner,
  getPatientDetailById,
  getPatientStatuses,
  getRunningTimer,
  type NotificationRule,
  type PatientDemographics,
  type PatientDevice,
  type StatusOption,
  startActivityTimer,
} from '@rpm/shared';
import { fakeServer } from '../test/fake-server';

/** Test data and a fake server for the chart's component tests. */

const option = (status_id: number, label: string, extra: Partial<StatusOption> = {}): StatusOption => ({
  status_id,
  label,
  hidden: false,
  disabled: false,
  description: label,
  ...extra,
});

export const statuses = {
  patientCurStatus: 4,
  patientCurCCMStatus: 3,
  patientCurBhiStatus: null as number | null,
  reject_reason: null as string | null,
  reject_comment: null as string | null,
  setupDate: '2026-06-10',
  ccmCreated: null,
  ccmType: 0,
  health_med_id: null as string | null,
  rpmStatuses: [
    option(1, 'Enrolled'),
    option(4, 'Active'),
    option(6, 'Deceased', { hidden: true }),
    option(9, 'Rejected'),
    option(13, 'Reject'),
  ],
  ccmStatuses: [
    option(2, 'CCM Enrolled', { disabled: true }),
    option(3, 'CCM Active'),
    option(4, 'Discharged'),
  ],
  bhiStatuses: [option(1, 'BHI Active'), option(2, 'BHI Inactive')],
};

const time = (seconds: number, goal: number) => ({ seconds, goal_minutes: goal, code: null });

const targets = {
  columns: ['Setup', '16 Days Readings'],
  range: { from: '2026-11-01', to: '2026-11-30' },
  setup: { setup_date: '2026-06-10', code: '99453' },
  compliance: { days: 8, target: 16, code: null },
  rpm_time: time(600, 20),
  additional_rpm_time: time(0, 20),
  ccm_time: time(1200, 20),
  additional_ccm_time: time(0, 20),
  cpt_history: [{ date: '2026-10-01', code: '99454' }],
  strip: [
    { month: '2026-05', month_name: 'May', before_setup: true, rpm: false, ccm: false },
    { month: '2026-06', month_name: 'June', before_setup: false, rpm: true, ccm: false },
    { month: '2026-07', month_name: 'July', before_setup: false, rpm: false, ccm: false },
    { month: '2026-08', month_name: 'August', before_setup: false, rpm: true, ccm: false },
    { month: '2026-09', month_name: 'September', before_setup: false, rpm: true, ccm: false },
  ],
};

export const demographics: PatientDemographics = {
  patient_id: 5,
  firstname: 'Rosa',
  lastname: 'Diaz',
  loc_id: 1,
  org_id: 1,
  prac_id: 1,
  phy_id: null,
  dob: '1950-02-03',
  gender: 'F',
  mobile: null,
  phone: null,
  language_id: 1,
  language: 'English',
  diagnosis_code: null,
  health_med_id: null,
  auth_number: null,
  setup_date: '2026-06-10',
  physician_name: null,
  care_coordinator_id: null,
  care_coordinator_name: null,
  organization_name: 'North Clinic',
  practice_name: 'Main Street Practice',
  location_name: 'Main',
  mrn: 'M100005',
  email: null,
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  zip: null,
  insurance_plan_id: null,
  insurance_plan_name: null,
  insurance_member_id: null,
  version: 1,
  merged_into_id: null,
  deactivated_at: null,
};

export const rule: NotificationRule = {
  notification_rule_id: 31,
  user_id: 5,
  device_name: 'BP Cuff',
  IMEI: '860000000000001',
  inventory_id: 11,
  device_type_id: 1,
  device_type: 'Blood Pressure',
  device_assign_id: 21,
  interval: 1,
  interval_type: 'Day',
  fk_interval_id: 1,
  start_date: '2026-11-01',
  end_date: '2099-12-31',
  status: 1,
  notification_mode: 'sms_ivr',
  notify_note: '',
  notification_note: '',
  sms_miss: 2,
  call_miss: 3,
  gain: null,
  loss: null,
  vitals: [
    {
      vital_id: 1,
      fk_vital_id: 1,
      vital_type: 'systolic',
      unit: 'mmHg',
      critical_low: 20,
      abnormal_low: 40,
      abnormal_high: 60,
      critical_high: 80,
    },
  ],
  previous_rule_id: null,
  terminated_at: null,
  updated_at: '2026-11-01T00:00:00.000Z',
  holds: [],
};

/** The patient's blood-pressure cuff, current, as getPatientDevices lists it. */
export const cuff: PatientDevice = {
  device_assign_id: 21,
  inventory_id: 11,
  IMEI: '860000000000001',
  device_name: 'BP Cuff',
  device_type_id: 1,
  device_type: 'Blood Pressure',
  icon: 'bp.svg',
  assigned_at: '2026-10-01T00:00:00Z',
  unassigned_at: null,
  current: true,
  last_reading_at: null,
  active_rule_id: null,
  vitals: [{ vital_id: 1, vital_type: 'systolic', unit: 'mmHg' }],
};

/** What the banner shows beside the demographics. */
const bannerFacts = {
  programs: [{ program: 'RPM', status: 'Active' }],
  care_team: [{ role: 'Physician', name: 'Paul Physician' }],
  last_readings: [{ vital_type: 'systolic', unit: 'mmHg', value: 141, taken_at: '2026-11-21T08:00:00.000Z' }],
  open_alerts: { critical: 1, abnormal: 0 },
  month: '2026-11',
  reading_days: 3,
  seconds: { RPM: 720 },
};

/** The care timer the banner starts on patient 5 (decisions.md "Care timer"). */
export const startedTimer: ActivityTimer = {
  timer_id: 4,
  patient_id: 5,
  program: 'RPM',
  started_at: new Date().toISOString(),
  paused_at: null,
  paused_seconds: 0,
};

/** A fake BFF for the chart (test/fake-server.ts) answering the calls every chart view makes; `.on()` overrides. */
export function serveChart() {
  return fakeServer()
    .on(checkPageAccess, { status: 1, message: 'ok' })
    .on(getPatientDetailById, { status: 1, data: demographics })
    .on(addCheckInEntry, { status: 1, message: 'Checked in' })
    .on(getPatientStatuses, { status: 1, data: statuses })
    .on(getMonthlyTargets, { status: 1, data: targets })
    .on(getNotificationRules, { status: 1, data: [rule] })
    .on(getMoreNotificationRuleData, { status: 1, data: rule })
    .on(getPatientBanner, { status: 1, data: bannerFacts })
    .on(getRunningTimer, { status: 1, data: null })
    .on(startActivityTimer, { status: 1, data: startedTimer });
}
