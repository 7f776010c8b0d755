/**
 * The staff tables of 000 §2.4 (Users menu, §2.7): each route lists the users holding one role. The spec names the
 * routes and their access-list entries but not the role behind each (decisions.md "Staff table roles").
 */
export const STAFF_TABLES = [
  { name: 'physicians', page: 'Physicians Table', title: 'Physicians', one: 'Physician', roleId: 6 },
  { name: 'nurses', page: 'Nurses Table', title: 'Nurses', one: 'Nurse', roleId: 8 },
  { name: 'administrators', page: 'Admins Table', title: 'Admins', one: 'Admin', roleId: 2 },
  {
    name: 'careCoordinators',
    page: 'Care Co-ordinators',
    title: 'Care Co-ordinators',
    one: 'Care Co-ordinator',
    roleId: 9,
  },
  { name: 'billers', page: 'Billers Table', title: 'Billers', one: 'Biller', roleId: 10 },
  { name: 'technicians', page: 'Technician Table', title: 'Technicians', one: 'Technician', roleId: 20 },
  {
    name: 'nonNursingStaff',
    page: 'Non Nursing Table',
    title: 'Non Nursing Staff',
    one: 'Non Nursing Staff',
    roleId: 3,
  },
  {
    name: 'medicalAssistant',
    page: 'Medical Assistant Table',
    title: 'Medical Assistants',
    one: 'Medical Assistant',
    roleId: 13,
  },
  {
    name: 'salesRepresentative',
    page: 'Sales Rep Table',
    title: 'Sales Representatives',
    one: 'Sales Representative',
    roleId: 14,
  },
  { name: 'schedulers', page: 'Schedulers', title: 'Schedulers', one: 'Scheduler', roleId: 15 },
  {
    name: 'interpretingPhysician',
    page: 'Interpreting Physicians Table',
    title: 'Interpreting Physicians',
    one: 'Interpreting Physician',
    roleId: 16,
  },
  {
    name: 'sleep-coordinators',
    page: 'Sleep Coordinators Table',
    title: 'Sleep Coordinators',
    one: 'Sleep Coordinator',
    roleId: 17,
  },
] as const;

export type StaffTable = (typeof STAFF_TABLES)[number];

/** The page whose holders administer staff: create, edit, deactivate, reset passwords, Add Admin. */
export const STAFF_ADMIN_PAGE = 'Admins Table';
