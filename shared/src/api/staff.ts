import { z } from 'zod';
import { newPassword, personFields, usernameField } from '../staff/admin-form.js';
import { STAFF_ADMIN_PAGE, STAFF_TABLES } from '../staff/staff-roles.js';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/**
 * Add Admin (001 §2.8, §4, §7) and staff administration. Every call needs the page of those who
 * administer staff, 'Admins Table' (decisions.md "Staff administration"); the server checks each record against
 * the caller's organisations and that no one grants more than they hold.
 */
const ADMIN = { page: STAFF_ADMIN_PAGE } as const;

/** Programs a user is given: at most the five programs (000 §3). */
const PROGRAMS_MAX = 5;

export const locationOption = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  programs: z.array(z.object({ program_id: z.number().int(), program_name: z.string() })),
});
export type LocationOption = z.infer<typeof locationOption>;

export const getLocationsByPracticeIdOrgId = defineCall({
  method: 'GET',
  path: 'rpm/practices/getLocationsByPracticeIdOrgId',
  spec: '001 §2.8, §3, §7 Add Admin',
  summary:
    "The practice's locations with their programs (the practice must be of the organisation, in scope)",
  access: ADMIN,
  headers: z.object({ organization_id: recordIdParam, practice_id: recordIdParam }),
  response: listEnvelope(locationOption),
});

export const userOption = z.object({
  user_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
});

/** The role Select Admin gives when the call names none: the Admins table's. */
const ADMIN_TABLE_ROLE_ID = STAFF_TABLES.find((t) => t.page === STAFF_ADMIN_PAGE)?.roleId ?? 2;

/**
 * The roles a user may hold to be made an administrator of an organisation (a role opening 'Admins Table'): the
 * organisation's own clinical and office staff. Billers, sales representatives, sleep readers and coordinators,
 * dental and sleep-lab staff and technicians work across organisations or at one task, role 1 already administers
 * every place and patients are records (decisions.md "Select Admin eligibility and removal").
 */
export const ADMIN_CANDIDATE_ROLE_IDS: readonly number[] = [2, 3, 5, 6, 8, 9, 13, 15];

export const getAllByOrgId = defineCall({
  method: 'GET',
  path: 'rpm/users/getAllByOrgId',
  spec: '001 §2.8, §3, §7 Add Admin; decisions.md "Select Admin eligibility and removal"',
  summary:
    'The active staff of an organisation in scope who may be given the role at the practice location (Select Admin)',
  access: ADMIN,
  // practice_id, location_id and roleid are ours: whom the place and role admit (001 §7 sends organization_id).
  query: z.object({
    organization_id: recordIdParam,
    practice_id: recordIdParam.optional(),
    location_id: recordIdParam.optional(),
    roleid: recordIdParam.default(ADMIN_TABLE_ROLE_ID),
  }),
  response: listEnvelope(userOption),
});

export const organizationOption = z.object({
  organization_id: z.number().int(),
  organization_name: z.string(),
});

export const getOrgByPracticeId = defineCall({
  method: 'GET',
  path: 'rpm/practices/getOrgByPracticeId',
  spec: '001 §2.8, §3, §7 Add Admin',
  summary: 'The organisation of a practice in scope',
  access: ADMIN,
  headers: z.object({ practice_id: recordIdParam }),
  response: listEnvelope(organizationOption),
});

export const checkUsername = defineCall({
  method: 'POST',
  path: 'rpm/users/checkUsername',
  spec: '001 §5, §7 Add Admin',
  summary: "Whether a user name is taken: message 'Username already Exists' and exists true when it is",
  access: ADMIN,
  body: z.object({ username: usernameField }),
  response: okAnswer.extend({ exists: z.boolean() }),
});

/** Where a user is placed: organisation, practice, location, the chosen program and the programs given. */
const placement = {
  roleid: recordId,
  organization_id: recordId,
  location_id: recordId,
  program_id: recordId,
  practice_id: recordId,
  programs: z.array(recordId).max(PROGRAMS_MAX).default([]),
};

/** 001 §3 "New admin payload". */
export const newAdminBody = z.object({
  ...personFields,
  username: usernameField,
  password: newPassword,
  ...placement,
  is_sleeplab_user: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type NewAdminBody = z.input<typeof newAdminBody>;

export const addUser = defineCall({
  method: 'POST',
  path: 'rpm/users/add',
  spec: '001 §2.8, §3, §5, §7 Add Admin',
  summary: 'Creates a staff user with one role in a practice location (no one grants more than they hold)',
  access: ADMIN,
  headers: idempotencyHeaders,
  body: newAdminBody,
  response: okAnswer.extend({ data: z.object({ user_id: z.number().int() }) }),
});

/** 001 §3 "Existing admin payload": `userid` is the user mapped, not the caller. */
export const existingAdminBody = z.object({ userid: recordId, ...placement });

export const addExistingToMap = defineCall({
  method: 'POST',
  path: 'rpm/users/addExistingToMap',
  spec: '001 §2.8, §3, §7 Add Admin',
  summary:
    'Gives an existing user of the organisation a role in a practice location: only one getAllByOrgId offers, audited',
  access: ADMIN,
  body: existingAdminBody,
  response: okAnswer,
});

export const removeFromMap = defineCall({
  method: 'POST',
  path: 'rpm/users/removeFromMap',
  spec: 'issue 41 §4 (ours); decisions.md "Select Admin eligibility and removal"',
  summary:
    "Takes a staff table's role from a user, audited; 409 for the last administrator of an organisation or the caller's own last one",
  access: ADMIN,
  body: z.object({ userid: recordId, roleid: recordId }),
  response: okAnswer,
});

/** The texts of Select Admin's refusals and of removing a role (decisions.md "Select Admin eligibility and removal"). */
export const STAFF_MAP_TEXT = {
  removed: 'Removed Successfully',
  self: 'You cannot change your own roles here.',
  topAdmin: (name: string) => `${name} already administers every organization.`,
  mapped: (name: string, role: string) => `${name} is already mapped as ${role} at this location.`,
  notStaffRole: (name: string) => `${name} holds a role that cannot administer an organization.`,
  notHeld: (name: string, role: string) => `${name} does not hold the ${role} role.`,
  ownLast: 'You cannot remove your own last administrator role.',
  onlyRole: (name: string) => `${name} holds no other role: deactivate the account instead.`,
  lastAdmin: (name: string, role: string, organization: string) =>
    `${name} is the last ${role} of ${organization}.`,
} as const;

/** A role as the texts name it: the staff table's singular ('Admin', 'Nurse'), else 'Role {id}'. */
export function staffRoleName(roleId: number): string {
  return STAFF_TABLES.find((t) => t.roleId === roleId)?.one ?? `Role ${roleId}`;
}

export const updateStaff = defineCall({
  method: 'POST',
  path: 'rpm/users/update',
  spec: '000 §2.4 staff tables; our path (decisions.md "Staff administration")',
  summary: "Edits a staff member's name, birth date and numbers",
  access: ADMIN,
  body: z.object({ userid: recordId, ...personFields }),
  response: okAnswer,
});

export const deactivateStaff = defineCall({
  method: 'POST',
  path: 'rpm/users/deactivate',
  spec: '000 §2.4 staff tables; our path (decisions.md "Staff administration")',
  summary: 'Deactivates a staff member: their sessions and sockets end at once',
  access: ADMIN,
  body: z.object({ userid: recordId }),
  response: okAnswer,
});

export const resetStaffPassword = defineCall({
  method: 'POST',
  path: 'rpm/users/resetPassword',
  spec: '000 §4.3 (change_password); our path (decisions.md "Staff administration")',
  summary: "Sets another user's password; they must change it at their next sign-in",
  access: ADMIN,
  body: z.object({ userid: recordId, password: newPassword }),
  response: okAnswer,
});
