/**
 * The demo billers' access list (000 §6.1: billers start on the Billing Dashboard): billing, prices and the patient
 * list. Declared once for the demo seed (bff/src/db/seed/role-pages.ts) and the menu tests.
 */
export const BILLER_PAGES = [
  'Billing Dashboard',
  'Billing Report',
  'RPM Billing',
  'CCM Billing Report',
  'BHI Billing',
  'Billing Uploads',
  'Billing Utility',
  'Invoices',
  'Cpt Codes Table',
  'Insurances Default Amount Table',
  'Insurance Plans Table',
  'Patient Chart',
  'Patients Table',
] as const;
