import { BILLER_PAGES } from '@rpm/shared';
/**
 * The access list ("pages") of every role: which access-list entries of spec 000 §2.3 and §2.4 each role holds.
 * The spec names the entries and the start page of each role (§6.1) but not the lists themselves, so this is
 * our design: what fits each role's work, with every §6.1 start page reachable by its role.
 * `{product}` in the spec's entries is 'RPM'.
 */

/** Every access-list entry, in the order of spec 000 §2.3 and §2.4. */
export const ALL_PAGES = [
  'Patient Chart',
  'Compliant Table',
  'Dashboard',
  'Monitoring Table',
  'CPAP Patients Table',
  'RPM Care Orders',
  'form',
  'Roles Table',
  'Organizations Table',
  'Locations Table',
  'Programs Table',
  'Practices Table',
  // Ours: SMART backend-services clients of the FHIR API (decisions.md "SMART backend services").
  'FHIR Clients',
  'Non Nursing Table',
  'Medical Assistant Table',
  'Sales Rep Table',
  'Interpreting Physicians Table',
  'Screened Table',
  'Physicians Table',
  'Patients Table',
  'Nurses Table',
  'Admins Table',
  'Care Co-ordinators',
  'Sleep Coordinators Table',
  'Sleep Consults',
  'Sleep Appointments',
  'Spirometry Test',
  'Schedulers',
  'Devices Table',
  'Edison Inventory',
  'Billers Table',
  'Technician Table',
  'Inventory Uploads',
  'Bulk Uploads',
  'Billing Uploads',
  'Billing Report',
  'BHI Billing',
  'CCM Billing Report',
  'Billing Utility',
  'Care Coord Mapping',
  'Aws Call',
  'CSV Utility',
  'Unassigned Devices',
  'Non Compliance Patients',
  'Alert Rules',
  'GM Patients',
  'RPM Billing',
  'Cpt Codes Table',
  'Billing Dashboard',
  'Sales Rep Dashboard',
  'DeviceType Table',
  'DeviceName Table',
  'Vitals Table',
  'Vendors Table',
  'Warehouses Table',
  'Insurances Default Amount Table',
  'NotesCategory Table',
  'Notes Comments Table',
  'Messages Category Table',
  'Message Template Table',
  'My Tasks',
  'Reports',
  'Therapy Patients',
  'Sleep Tests',
  'Pulse Oximetry Tests',
  'Sleep Tests Co-Read',
  'Device Data logs',
  'Invoices',
  'Sales Practice Dashboard',
  'Leads',
  'Dental Dashboard',
  'Sleep Lab Table',
  'Custom Interpretation Config',
  'Sleep Billing Report',
  'CoRead Billing',
  'Insurance Plans Table',
  'HST Billing Configuration',
  'HST RPM Billing',
  'Device History',
  'CCM',
  'Deactivated Devices',
  'HST RPM Order Billing',
  // Only role 1 holds it (decisions.md "Audit report").
  'Audit Report',
] as const;

export type PageName = (typeof ALL_PAGES)[number];

/** What every clinical role works with: dashboards, patient lists, the chart, monitoring, tasks, alert rules. */
const CLINICAL: readonly PageName[] = [
  'Dashboard',
  'Patient Chart',
  'Patients Table',
  'Monitoring Table',
  'Compliant Table',
  'Non Compliance Patients',
  'Screened Table',
  'RPM Care Orders',
  'CCM',
  'My Tasks',
  'Alert Rules',
  'Reports',
];

/** Organisation set-up and staff tables, for administrators. */
const ORGANIZATION_ADMIN: readonly PageName[] = [
  'Organizations Table',
  'Practices Table',
  'Locations Table',
  'Programs Table',
  'Physicians Table',
  'Nurses Table',
  'Admins Table',
  'Care Co-ordinators',
  'Medical Assistant Table',
  'Non Nursing Table',
  'Schedulers',
  'Billers Table',
  'Technician Table',
  'Devices Table',
  'Unassigned Devices',
  'Care Coord Mapping',
];

/** Billing screens (billers start on the Billing Dashboard; spec 000 §6.1). */
const BILLING: readonly PageName[] = BILLER_PAGES;

/** Sleep testing: tests, co-reads, oximetry, consults and appointments. */
const SLEEP: readonly PageName[] = [
  'Sleep Tests',
  'Sleep Tests Co-Read',
  'Pulse Oximetry Tests',
  'Sleep Consults',
  'Sleep Appointments',
  'Therapy Patients',
  'CPAP Patients Table',
  'Patient Chart',
];

/** Device inventory work. */
const INVENTORY: readonly PageName[] = [
  'Technician Table',
  'Devices Table',
  'Edison Inventory',
  'Inventory Uploads',
  'Unassigned Devices',
  'Device History',
  'Deactivated Devices',
  'Device Data logs',
];

const unique = (...lists: readonly (readonly PageName[])[]): readonly PageName[] => [
  ...new Set(lists.flat()),
];

/**
 * The access list of each role id, seeded into `role_pages`; each line's comment says what we take the role to be
 * (decisions.md "Role names and access lists").
 */
export const ROLE_PAGES: Record<number, readonly string[]> = {
  // Top administrator: everything.
  1: ALL_PAGES,
  // Organisation administrator.
  2: unique(CLINICAL, ORGANIZATION_ADMIN, [
    'Billing Report',
    'Bulk Uploads',
    'CSV Utility',
    'Cpt Codes Table',
    // Builds the organisation's forms (decisions.md "Form").
    'form',
    'FHIR Clients',
  ]),
  // Physician-side clinical user; sleep-lab users among them start on the Sleep Lab table (§6.1).
  3: unique(CLINICAL, ['Sleep Lab Table', 'CPAP Patients Table', 'Physicians Table']),
  // Practice lead (RPM protocol defaults are role 5's, §6.2); sleep-lab users start on the Sleep Lab table.
  5: unique(CLINICAL, [
    'Sleep Lab Table',
    'CPAP Patients Table',
    'Physicians Table',
    'Nurses Table',
    'Care Co-ordinators',
    // Fills in the organisation's forms for patients (decisions.md "Form").
    'form',
  ]),
  // Physician: interpreting physicians start on Sleep Tests, dentists on the Dental Dashboard (§6.1);
  // Spirometry needs role 6 (§2.4); Custom Interpretation Config is for role 6 or 16 (§6.2).
  6: unique(CLINICAL, [
    'Sleep Tests',
    'Sleep Tests Co-Read',
    'Pulse Oximetry Tests',
    'Dental Dashboard',
    'Spirometry Test',
    'Custom Interpretation Config',
    'CPAP Patients Table',
  ]),
  // Patients do not use the product (spec 000 §1).
  7: [],
  // Nurse: the contact-centre agent role in the demo.
  8: unique(CLINICAL, ['Aws Call', 'CPAP Patients Table']),
  // Care coordinator (001 §2.4); external ones see only Practices, Locations and Programs in the menu (§6.2).
  9: unique(CLINICAL, [
    'Care Coord Mapping',
    'Practices Table',
    'Locations Table',
    'Programs Table',
    'Aws Call',
  ]),
  // Billers.
  // 001 §2.4: Sleep Billing Report types 2 and 3 are for roles 1, 10, 17, 11, 16.
  10: unique(BILLING, ['Sleep Billing Report']),
  11: unique(BILLING, [
    'Sleep Billing Report',
    'CoRead Billing',
    'HST RPM Billing',
    'HST RPM Order Billing',
    'HST Billing Configuration',
  ]),
  // Medical assistant.
  13: unique(CLINICAL, ['Aws Call']),
  // Sales representative.
  14: ['Sales Rep Dashboard', 'Sales Practice Dashboard', 'Leads'],
  // Scheduler.
  15: unique(CLINICAL, ['Sleep Appointments', 'Sleep Consults', 'Schedulers']),
  // Sleep reader (co-reads, custom interpretations).
  16: unique(SLEEP, ['Custom Interpretation Config', 'Sleep Billing Report']),
  // Sleep coordinator (organisation search like roles 1 and 10, §6.2).
  17: unique(SLEEP, ['Sleep Coordinators Table', 'Sleep Billing Report', 'Interpreting Physicians Table']),
  // Dental and sleep-lab staff.
  18: ['Dental Dashboard', 'Sleep Lab Table', 'Sleep Tests', 'Patient Chart'],
  // Technician (starts on the technician calendar, open to everyone).
  // The calendar's appointments: decisions.md "Sleep consults and appointments".
  20: unique(INVENTORY, ['Sleep Appointments']),
};
