import { type DashboardSummary, type ListPatient, STORAGE_KEYS, type StoredUser } from '@rpm/shared';
import type { BillingSummary } from '../billing/billing-counts';

/** A valid stored user (000 §3); override what a test needs. */
export function makeUser(overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    user_id: 42,
    token: 'tok-42',
    name: 'Dana Nurse',
    username: 'dana@clinic.test',
    roleid: [8],
    pages: ['Dashboard', 'Patients Table'],
    profile_img: null,
    aws_link: null,
    is_dentist: 0,
    is_sleeplab_user: 0,
    is_onboarding: 0,
    is_interpreting_prac: 0,
    onlyCoRead: 0,
    is_external_care_coord: 0,
    is_external_sleep_coord: 0,
    dme_id: null,
    interpretingPhysician: null,
    companyId: null,
    change_password: 0,
    password_age_days: 3,
    data: {
      organization_id: 7,
      organization_name: 'North Clinic',
      practices: [
        { value: 1, label: 'Main Street Practice' },
        { value: 2, label: 'Harbour Practice' },
      ],
      locations: [],
    },
    ...overrides,
  };
}

/** A list row's patient named 'Lastname, Firstname': MRN 'M' and the id, no same-name twin. */
export function listPatientOf(
  patientId: number,
  name: string,
  overrides: Partial<ListPatient> = {},
): ListPatient {
  const [lastname = '', firstname = ''] = name.split(', ');
  return {
    patient_id: patientId,
    firstname,
    lastname,
    dob: '1950-02-01',
    mrn: `M${patientId}`,
    same_name: false,
    ...overrides,
  };
}

/** Puts `user` in local storage as a signed-in session. */
export function storeUser(user: StoredUser = makeUser()): StoredUser {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}

/** A month's dashboard figures (000 §6.2) as getDashboardSummary answers them. */
export const DASHBOARD_SUMMARY: DashboardSummary = {
  month: '2026-11',
  days_left: 11,
  rpm_statuses: [
    { status_id: 1, label: 'Enrolled', count: 4 },
    { status_id: 2, label: 'Contacted', count: 0 },
    { status_id: 4, label: 'Device Setup', count: 6 },
    { status_id: 5, label: 'Active', count: 9 },
    { status_id: 7, label: 'Discharged', count: 2 },
  ],
  ccm_statuses: [
    { status_id: 1, label: 'Eligible', count: 5 },
    { status_id: 3, label: 'Active', count: 3 },
  ],
  enrolled: 15,
  active: 9,
  alerts: {
    critical: { count: 2, oldest_at: '2026-11-20T07:55:00.000Z' },
    abnormal: { count: 7, oldest_at: '2026-11-18T10:00:00.000Z' },
  },
  progress: { met: 3, on_track: 5, at_risk: 4, unreachable: 3 },
  minutes: { under20: 8, from20to39: 4, from40: 3 },
  outreach_tasks_open: 6,
  outreach_tasks_mine: 2,
  response: [
    {
      level: 'critical',
      practice_id: null,
      practice_name: null,
      raised: 5,
      acknowledged: 4,
      median_minutes: 12,
      p90_minutes: 41,
      escalated: 2,
    },
    {
      level: 'critical',
      practice_id: 3,
      practice_name: 'Main Street Practice',
      raised: 5,
      acknowledged: 4,
      median_minutes: 12,
      p90_minutes: 41,
      escalated: 2,
    },
  ],
};

/** A month without a billable patient: every count 0, no code billed (001 §3 billing count summary). */
export const ZERO_BILLING_SUMMARY: BillingSummary = {
  status: 1,
  data: {
    count99453: 0,
    count99454: 0,
    count99457: 0,
    count99458_40Mins: 0,
    count99458_60Mins: 0,
    count98980: 0,
    count98981_40Mins: 0,
    count98981_60Mins: 0,
  },
  total: 0,
  codes: [],
  reports: [],
};
