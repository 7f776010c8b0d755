import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList, type ListFilter } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_COLUMNS as C, PATIENT_FILTERS as F } from './patient-row.js';

/**
 * Readings aggregated over a chosen period (issue 42 §1; decisions.md "Reports and Reading Report"): the Reading
 * Report per patient, vital and day (000 §2.4 'Billing Utility' reading-report), Reports per practice, vital and
 * month (000 §2.4 'Reports'). A reading is out of range when it raised an alert or an acknowledged alert or a snooze
 * held it: it was beyond a bound of the patient's rule in force.
 */

/** Whether a row holds readings out of range (values of the Out of Range filter). */
export const OUT_OF_RANGE_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/**
 * The period and the narrowing both reports offer: the month (this one by default: the current month up to today),
 * days within it, practices, vitals, rows with readings out of range. Clear the month to report over any days.
 */
const READING_FILTERS = [
  { key: 'month', label: 'Month', kind: 'month' },
  { key: 'taken', label: 'Reading Date', dateRange: true },
  F.practice,
  { key: 'vital', label: 'Vital', multi: true },
  { key: 'out_of_range', label: 'Out of Range', options: OUT_OF_RANGE_OPTIONS },
] as const satisfies readonly ListFilter[];

/** The month the reports open on: the current one, up to today. */
const currentMonth = (today: string) => today.slice(0, 7);

/** A vital's figures over a group of readings; values in the vital's unit. */
const figures = {
  /** The vital as the vitals table names it ('systolic'): the Vital filter's option label. */
  vital_type: z.string(),
  /** The vital with its unit: 'systolic (mmHg)'. */
  vital: z.string(),
  readings: z.number().int(),
  min_value: z.number(),
  max_value: z.number(),
  /** The mean, to one decimal. */
  mean_value: z.number(),
  /** Readings beyond a bound of the rule in force (alerted, or held by an acknowledged alert or a snooze). */
  out_of_range: z.number().int(),
};

/** The figures' columns, in both reports' order. */
const FIGURE_COLUMNS = [
  { key: 'vital', label: 'Vital', sortable: true },
  { key: 'readings', label: 'Readings', sortable: true, format: 'number' },
  { key: 'min_value', label: 'Min', sortable: true, format: 'number' },
  { key: 'max_value', label: 'Max', sortable: true, format: 'number' },
  { key: 'mean_value', label: 'Mean', sortable: true, format: 'number' },
  { key: 'out_of_range', label: 'Out of Range', sortable: true, format: 'number' },
] as const;

/** One patient's readings of one vital on one day (UTC, as billing counts reading days). */
export const readingReportRow = z.object({
  /** The group's first reading: the row's identity and the order's tie-breaker. */
  row_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_id: z.number().int(),
  practice_name: z.string(),
  /** YYYY-MM-DD. */
  day: z.string(),
  /** 'YYYY-MM' of the day (the Month filter's value). */
  month: z.string(),
  vital_id: z.number().int(),
  ...figures,
});
export type ReadingReportRow = z.infer<typeof readingReportRow>;

/**
 * Reading Report (000 §2.4 'Billing Utility' reading-report): each patient's readings per vital and day over the
 * period, counted, lowest, highest, mean and out of range, for the patients the viewer may read; the newest day first.
 */
export const readingReportList = defineList({
  name: 'reading-report',
  title: 'Reading Report',
  spec: '000 §2.4 Billing Utility, §2.7 Utilities; issue 42',
  route: LIST_ROUTES.readingReport,
  page: 'Billing Utility',
  row: readingReportRow,
  idKey: 'row_id',
  columns: [
    // The newest day first (the default, descending), its patients by name A to Z: thenBy flips with the view.
    {
      key: 'day',
      label: 'Day',
      sortable: true,
      format: 'date',
      thenBy: { key: 'patient_name', order: 'desc' },
    },
    C.name,
    C.practice,
    ...FIGURE_COLUMNS,
  ],
  defaultSort: { key: 'day', order: 'desc' },
  filters: READING_FILTERS,
  defaultFilters: { month: currentMonth },
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
});

/** One practice's readings of one vital in one month of the period. */
export const readingsReportRow = z.object({
  /** The group's first reading: the row's identity and the order's tie-breaker. */
  row_id: z.number().int(),
  practice_id: z.number().int(),
  practice_name: z.string(),
  organization_name: z.string(),
  /** 'YYYY-MM'. */
  month: z.string(),
  vital_id: z.number().int(),
  /** Patients with a reading of the vital (by the practice they are in now). */
  patients: z.number().int(),
  /** Patients with a reading of the vital out of range. */
  patients_out_of_range: z.number().int(),
  /** The first and last day (YYYY-MM-DD) with a reading in the group. */
  first_day: z.string(),
  last_day: z.string(),
  ...figures,
});
export type ReadingsReportRow = z.infer<typeof readingsReportRow>;

/**
 * Reports (000 §2.4 'Reports'): each practice's readings per vital and month over the period — patients reporting,
 * readings, lowest, highest, mean, out of range and the patients they came from — for the practices in the viewer's
 * scope, counted over the patients the viewer may read. A practice opens its patients.
 */
export const readingsReportList = defineList({
  name: 'reports',
  title: 'Reports',
  spec: '000 §2.4 Reports; issue 42',
  route: LIST_ROUTES.reports,
  page: 'Reports',
  row: readingsReportRow,
  idKey: 'row_id',
  columns: [
    {
      key: 'practice_name',
      label: 'Practice',
      sortable: true,
      link: '/app/patients?practice={practice_id}',
      thenBy: { key: 'vital', order: 'asc' },
    },
    { key: 'organization_name', label: 'Organization', sortable: true },
    { key: 'month', label: 'Month', sortable: true },
    { key: 'patients', label: 'Patients', sortable: true, format: 'number' },
    ...FIGURE_COLUMNS,
    { key: 'patients_out_of_range', label: 'Patients Out of Range', sortable: true, format: 'number' },
    { key: 'first_day', label: 'First Day', sortable: true, format: 'date' },
    { key: 'last_day', label: 'Last Day', sortable: true, format: 'date' },
  ],
  defaultSort: { key: 'practice_name', order: 'asc' },
  filters: READING_FILTERS,
  defaultFilters: { month: currentMonth },
  searchPlaceholder: 'Search practice',
  exports: ['pdf', 'csv'],
});
