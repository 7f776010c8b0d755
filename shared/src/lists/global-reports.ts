import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS } from './patient-row.js';

/** One practice's month against the targets of 001 §9, for the patients in the viewer's scope. */
export const globalReportRow = z.object({
  practice_id: z.number().int(),
  practice_name: z.string(),
  organization_name: z.string(),
  /** 'YYYY-MM', as the Monthly Report writes it. */
  month: z.string(),
  /** RPM statuses enrolled and active (ENROLLED_RPM_STATUSES): the patients the month's targets apply to. */
  rpm_patients: z.number().int(),
  /** Of those, patients with the 16 reading days of 99454. */
  reading_days_met: z.number().int(),
  /** Of those, patients with the 20 RPM minutes of 99457. */
  rpm_minutes_met: z.number().int(),
  /** Patients in CCM (a CCM status other than 'not applicable'). */
  ccm_patients: z.number().int(),
  /** Of those, patients with their CCM time goal (30 minutes for CCM type 1, otherwise 20). */
  ccm_minutes_met: z.number().int(),
  /** Alerts raised in the month. */
  alerts: z.number().int(),
  /** Alerts raised in the month and not yet acknowledged. */
  alerts_open: z.number().int(),
  /** RPM and CCM minutes logged in the month. */
  minutes_logged: z.number().int(),
});
export type GlobalReportRow = z.infer<typeof globalReportRow>;

/**
 * Global Reports (000 §2.2 /app/global-reports, §2.7 Main; decisions.md "Global Reports"): each practice's month at a
 * glance — patients in RPM and CCM, how many met the month's targets, alerts and minutes — for the practices in
 * scope, any of the last twelve months, with the list's CSV and PDF. A practice opens its patients list.
 */
export const globalReportsList = defineList({
  name: 'global-reports',
  title: 'Global Reports',
  spec: '000 §2.2, §2.7; 001 §9',
  route: LIST_ROUTES.globalReports,
  page: null,
  row: globalReportRow,
  idKey: 'practice_id',
  columns: [
    { key: 'practice_name', label: 'Practice', sortable: true, link: '/app/patients?practice={practice_id}' },
    { key: 'organization_name', label: 'Organization', sortable: true },
    { key: 'month', label: 'Month', format: 'text' },
    { key: 'rpm_patients', label: 'RPM Patients', sortable: true, format: 'number' },
    { key: 'reading_days_met', label: '16+ Reading Days', sortable: true, format: 'number' },
    { key: 'rpm_minutes_met', label: '20+ RPM Minutes', sortable: true, format: 'number' },
    { key: 'ccm_patients', label: 'CCM Patients', sortable: true, format: 'number' },
    { key: 'ccm_minutes_met', label: 'CCM Goal Met', sortable: true, format: 'number' },
    { key: 'alerts', label: 'Alerts', sortable: true, format: 'number' },
    { key: 'alerts_open', label: 'Open Alerts', sortable: true, format: 'number' },
    { key: 'minutes_logged', label: 'Minutes Logged', sortable: true, format: 'number' },
  ],
  defaultSort: { key: 'practice_name', order: 'asc' },
  filters: [{ key: 'month', label: 'Month', kind: 'month' }, PATIENT_FILTERS.practice],
  searchPlaceholder: 'Search practice',
  exports: ['pdf', 'csv'],
});
