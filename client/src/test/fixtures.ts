import { STORAGE_KEYS, type StoredUser } from '@rpm/shared';

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

/** Puts `user` in local storage as a signed-in session. */
export function storeUser(user: StoredUser = makeUser()): StoredUser {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}
