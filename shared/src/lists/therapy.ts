import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList, type ListColumn } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_COLUMNS as P } from './patient-row.js';

/**
 * CPAP Patients and Therapy Patients (000 §2.4 'cpapPatients', 'therapy-patients'): patients on
 * positive airway pressure therapy, with their device's usage hours, AHI and leaks over the compliance window
 * against the patient's bounds (001 §5, §9), and their compliance by the CMS rule (decisions.md "PAP compliance").
 */

/** The CMS adherence rule: ≥ 4 h of use on ≥ 70 % of nights in a 30-night window. */
export const PAP_COMPLIANCE = { windowNights: 30, minHours: 4, minPercent: 70 } as const;

/** The label of a value beyond one of the patient's bounds (thresholds.ts readingLevel); '' within them. */
export const BOUND_FLAGS = ['Critical Low', 'Abnormal Low', 'Abnormal High', 'Critical High'] as const;
const flag = z.enum(['', ...BOUND_FLAGS]);

export const PAP_COMPLIANCE_LABELS = { yes: 'Compliant', no: 'Not Compliant' } as const;

export const therapyPatientRow = z.object({
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  dob: z.string(),
  practice_name: z.string(),
  physician: z.string().nullable(),
  device_name: z.string(),
  /** The day the patient's PAP device was assigned: the start of therapy. */
  therapy_start: z.string(),
  days_on_therapy: z.number().int(),
  /** The last night with data, 'YYYY-MM-DD'. */
  last_night: z.string().nullable(),
  /** Nights with data in the window, and those of at least 4 hours. */
  nights: z.number().int(),
  nights_4h: z.number().int(),
  /** Nights of ≥ 4 h over the window's 30 nights, percent. */
  compliance_pct: z.number(),
  compliance: z.enum([PAP_COMPLIANCE_LABELS.yes, PAP_COMPLIANCE_LABELS.no]),
  /** Averages over the nights with data; null without any. */
  usage_avg: z.number().nullable(),
  ahi_avg: z.number().nullable(),
  leaks_avg: z.number().nullable(),
  usage_flag: flag,
  ahi_flag: flag,
  leaks_flag: flag,
});
export type TherapyPatientRow = z.infer<typeof therapyPatientRow>;
type Key = keyof TherapyPatientRow & string;

const C = {
  physician: { key: 'physician', label: 'Physician', sortable: true },
  device: { key: 'device_name', label: 'Device', sortable: true },
  start: { key: 'therapy_start', label: 'Therapy Start', sortable: true, format: 'date' },
  days: { key: 'days_on_therapy', label: 'Days on Therapy', sortable: true },
  nights: { key: 'nights', label: 'Nights with Data', sortable: true },
  nights4: { key: 'nights_4h', label: 'Nights ≥ 4 h', sortable: true },
  pct: { key: 'compliance_pct', label: 'Nights ≥ 4 h (%)', sortable: true },
  compliance: { key: 'compliance', label: 'Compliance', sortable: true },
  usage: { key: 'usage_avg', label: 'Avg Usage (h)', sortable: true },
  usageFlag: { key: 'usage_flag', label: 'Usage Flag' },
  ahi: { key: 'ahi_avg', label: 'Avg AHI (/h)', sortable: true },
  ahiFlag: { key: 'ahi_flag', label: 'AHI Flag' },
  leaks: { key: 'leaks_avg', label: 'Avg Leaks (L/min)', sortable: true },
  leaksFlag: { key: 'leaks_flag', label: 'Leaks Flag' },
} as const satisfies Record<string, ListColumn<Key>>;

const common = {
  spec: '000 §2.4; 001 §5, §9; issue 15',
  row: therapyPatientRow,
  idKey: 'patient_id',
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
  open: '/app/patient-chart/readings/{patient_id}',
} as const;

const complianceFilter = {
  key: 'compliance',
  label: 'Compliance',
  multi: true,
  options: [
    { value: 'yes', label: PAP_COMPLIANCE_LABELS.yes },
    { value: 'no', label: PAP_COMPLIANCE_LABELS.no },
  ],
} as const;
const filters = [complianceFilter, F.practice, F.physician] as const;

/** CPAP Patients Table (000 §2.4 'cpapPatients'): the device's last 30 nights against the patient's bounds. */
export const cpapPatientsList = defineList({
  ...common,
  name: 'cpap-patients',
  title: 'CPAP Patients',
  route: LIST_ROUTES.cpapPatients,
  page: 'CPAP Patients Table',
  defaultSort: { key: 'patient_name', order: 'asc' },
  columns: [
    P.id,
    P.name,
    P.dob,
    P.practice,
    C.device,
    C.usage,
    C.usageFlag,
    C.ahi,
    C.ahiFlag,
    C.leaks,
    C.leaksFlag,
    C.compliance,
  ],
  filters,
});

/** Therapy Patients (000 §2.4 'therapy-patients'): adherence to PAP therapy, the least adherent first. */
export const therapyPatientsList = defineList({
  ...common,
  name: 'therapy-patients',
  title: 'Therapy Patients',
  route: LIST_ROUTES.therapyPatients,
  page: 'Therapy Patients',
  defaultSort: { key: 'compliance_pct', order: 'asc' },
  columns: [
    P.id,
    P.name,
    P.dob,
    P.practice,
    C.physician,
    C.start,
    C.days,
    C.nights,
    C.nights4,
    C.pct,
    C.compliance,
    C.usage,
    C.ahi,
    C.leaks,
  ],
  filters,
});
