import { dobInRange, formErrors, type LiveField, MSG, newAdminBody, type StaffTable } from '@rpm/shared';

/**
 * The Add Admin dialog's values and its submit check (001 §2.8, §5): the shared schema of rpm/users/add, so the
 * dialog and the server refuse the same input with the same texts. The same form adds a member of any staff table
 * (decisions.md "Add staff of any role"): `roleId` is the table's role.
 */

export type AddAdminMode = 'select' | 'new';

export interface AddAdminValues {
  readonly mode: AddAdminMode;
  readonly roleId: number;
  readonly practiceId: number | null;
  readonly organizationId: number | null;
  readonly locationId: number | null;
  readonly programId: number | null;
  readonly userId: number | null;
  readonly person: Readonly<Record<LiveField, string>>;
}

export const EMPTY_PERSON: Readonly<Record<LiveField, string>> = {
  firstname: '',
  lastname: '',
  dob: '',
  phone: '',
  mobile: '',
  fax: '',
  username: '',
  password: '',
};

/** The placement of both payloads (001 §3), or the first missing choice. */
function placementOf(v: AddAdminValues) {
  if (v.practiceId === null || v.organizationId === null || v.locationId === null || v.programId === null)
    return null;
  return {
    roleid: v.roleId,
    organization_id: v.organizationId,
    practice_id: v.practiceId,
    location_id: v.locationId,
    program_id: v.programId,
    programs: [v.programId],
  };
}

/** What Save sends, or the first message for the top-right error bar (001 §5, §8). */
export type AddAdminSubmission =
  | { readonly kind: 'select'; readonly body: ReturnType<typeof existingBody> }
  | { readonly kind: 'new'; readonly body: ReturnType<typeof newBody> }
  | { readonly kind: 'error'; readonly message: string };

const existingBody = (userid: number, placement: NonNullable<ReturnType<typeof placementOf>>) => ({
  userid,
  ...placement,
});
const newBody = (v: AddAdminValues, placement: NonNullable<ReturnType<typeof placementOf>>) => ({
  ...v.person,
  // 001 §3: the user name is sent lower-cased.
  username: v.person.username.trim().toLowerCase(),
  ...placement,
  is_sleeplab_user: 0 as const,
});

/**
 * The submit check in the spec's order: the place, then 'Select a User' in select mode; in new mode the shared
 * schema's first message (001 §5 submit texts), the DOB range, and a taken user name.
 */
export function addAdminSubmission(
  v: AddAdminValues,
  today: string,
  usernameTaken: boolean,
): AddAdminSubmission {
  const placement = placementOf(v);
  if (v.mode === 'select') {
    if (v.userId === null) return { kind: 'error', message: MSG.selectUser };
    if (!placement) return { kind: 'error', message: MSG.required };
    return { kind: 'select', body: existingBody(v.userId, placement) };
  }
  if (!placement) return { kind: 'error', message: MSG.required };
  const body = newBody(v, placement);
  const first = Object.values(formErrors(newAdminBody, body))[0];
  if (first !== undefined) return { kind: 'error', message: first };
  if (!dobInRange(body.dob, today)) return { kind: 'error', message: MSG.invalidDob };
  if (usernameTaken) return { kind: 'error', message: MSG.usernameExists };
  return { kind: 'new', body };
}

/** The names Select Admin's confirmation shows: the user and the place they are given the role at. */
export interface MapNames {
  readonly user: string;
  readonly organization: string;
  readonly practice: string;
  readonly location: string;
}

/** 'a Nurse', 'an Admin'. */
const withArticle = (noun: string) => `${/^[AEIOU]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * Select Admin's confirmation (decisions.md "Select Admin eligibility and removal"): whom it makes what, where, and
 * what they gain. The Admins table's role administers the organisation; another table's role opens its pages there.
 */
export function mapConfirmation(
  table: Pick<StaffTable, 'name' | 'one'>,
  names: MapNames,
): { readonly question: string; readonly gain: string } {
  const admin = table.name === 'administrators';
  const what = admin ? 'an administrator' : withArticle(table.one);
  return {
    question: `Make ${names.user} ${what} of ${names.organization} (organization), at ${names.practice} – ${names.location}?`,
    gain: admin
      ? `They will be able to add, edit and deactivate the staff of ${names.organization}, reset their passwords, and manage its practices, locations and programs.`
      : `They will hold the ${table.one} role and open its pages for the patients of ${names.practice}.`,
  };
}
