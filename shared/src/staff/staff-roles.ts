/**
 * The staff tables of 000 §2.4 (Users menu, §2.7): each route lists the users holding one role. The spec names the
 * routes and their access-list entries but not the role behind each (decisions.md "Staff table roles").
 */
export const STAFF_TABLES = [
  { name: 'physicians', page: 'Physicians Table', title: 'Physicians', roleId: 6 },
  { name: 'nurses', page: 'Nurses Table', title: 'Nurses', roleId: 8 },
  { name: 'administrators', page: 'Admins Table', title: 'Admins', roleId: 2 },
  { name: 'careCoordinators', page: 'Care Co-ordinators', title: 'Care Co-ordinators', roleId: 9 },
  { name: 'billers', page: 'Billers Table', title: 'Billers', roleId: 10 },
  { name: 'technicians', page: 'Technician Table', title: 'Technicians', roleId: 20 },
  { name: 'nonNursingStaff', page: 'Non Nursing Table', title: 'Non Nursing Staff', roleId: 3 },
  { name: 'medicalAssistant', page: 'Medical Assistant Table', title: 'Medical Assistants', roleId: 13 },
  { name: 'salesRepresentative', page: 'Sales Rep Table', title: 'Sales Representatives', roleId: 14 },
  { name: 'schedulers', page: 'Schedulers', title: 'Schedulers', roleId: 15 },
  {
    name: 'interpretingPhysician',
    page: 'Interpreting Physicians Table',
    title: 'Interpreting Physicians',
    roleId: 16,
  },
  { name: 'sleep-coordinators', page: 'Sleep Coordinators Table', title: 'Sleep Coordinators', roleId: 17 },
] as const;

/** One staff table. */
export type StaffTable = (typeof STAFF_TABLES)[number];

/** The role Add Admin gives (001 §2.8): the organisation administrator (decisions.md "Staff table roles"). */
export const ORG_ADMIN_ROLE_ID = 2;

/** The page whose holders administer staff: create, edit, deactivate, reset passwords, Add Admin. */
export const STAFF_ADMIN_PAGE = 'Admins Table';
