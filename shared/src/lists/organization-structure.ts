import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS } from './patient-row.js';

/** Practices, Locations and Programs (000 §2.4, §2.7 management menu), in the viewer's organisations. */

/** One practice of an organisation (table `practices`). */
export const practiceRow = z.object({
  practice_id: z.number().int(),
  practice_name: z.string(),
  /** What the edit form saves; not a column. */
  organization_id: z.number().int(),
  organization_name: z.string(),
  locations: z.number().int(),
  patients: z.number().int(),
  /** Minutes before an unacknowledged alert escalates (decisions.md "Alert escalation"). */
  escalation_critical_minutes: z.number().int(),
  escalation_abnormal_minutes: z.number().int(),
});
export type PracticeRow = z.infer<typeof practiceRow>;

export const practicesList = defineList({
  name: 'practices',
  title: 'Practices',
  spec: '000 §2.4 Practices Table',
  route: LIST_ROUTES.practices,
  page: 'Practices Table',
  row: practiceRow,
  idKey: 'practice_id',
  columns: [
    { key: 'practice_id', label: 'Practice ID', sortable: true },
    { key: 'practice_name', label: 'Practice Name', sortable: true },
    { key: 'organization_name', label: 'Organization', sortable: true },
    { key: 'locations', label: 'Locations', sortable: true, format: 'number' },
    { key: 'patients', label: 'Patients', sortable: true, format: 'number' },
    {
      key: 'escalation_critical_minutes',
      label: 'Critical Escalation (min)',
      sortable: false,
      format: 'number',
    },
    {
      key: 'escalation_abnormal_minutes',
      label: 'Abnormal Escalation (min)',
      sortable: false,
      format: 'number',
    },
  ],
  defaultSort: { key: 'practice_name', order: 'asc' },
  filters: [PATIENT_FILTERS.organization],
  searchPlaceholder: 'Search practice name',
  exports: ['pdf', 'csv'],
});

/** One location of a practice (table `locations`) with the programs it offers (`location_programs`). */
export const locationRow = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  /** What the edit form saves; not columns. */
  practice_id: z.number().int(),
  program_ids: z.array(z.number().int()),
  practice_name: z.string(),
  organization_name: z.string(),
  /** The program names, comma-separated in program order. */
  programs: z.string(),
});
export type LocationRow = z.infer<typeof locationRow>;

export const locationsList = defineList({
  name: 'locations',
  title: 'Locations',
  spec: '000 §2.4 Locations Table',
  route: LIST_ROUTES.locations,
  page: 'Locations Table',
  row: locationRow,
  idKey: 'location_id',
  columns: [
    { key: 'location_id', label: 'Location ID', sortable: true },
    { key: 'location_name', label: 'Location Name', sortable: true },
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'organization_name', label: 'Organization', sortable: true },
    { key: 'programs', label: 'Programs', sortable: false },
  ],
  defaultSort: { key: 'location_name', order: 'asc' },
  filters: [PATIENT_FILTERS.organization, PATIENT_FILTERS.practice],
  searchPlaceholder: 'Search location name',
  exports: ['pdf', 'csv'],
});

/** One program (table `programs`, the fixed five) with its use in the viewer's organisations (decisions.md "Programs table"). */
export const programRow = z.object({
  program_id: z.number().int(),
  program_name: z.string(),
  locations: z.number().int(),
});
export type ProgramRow = z.infer<typeof programRow>;

export const programsList = defineList({
  name: 'programs',
  title: 'Programs',
  spec: '000 §2.4 Programs Table',
  route: LIST_ROUTES.programs,
  page: 'Programs Table',
  row: programRow,
  idKey: 'program_id',
  columns: [
    { key: 'program_id', label: 'Program ID', sortable: true },
    { key: 'program_name', label: 'Program Name', sortable: true },
    { key: 'locations', label: 'Locations Offering', sortable: true, format: 'number' },
  ],
  defaultSort: { key: 'program_id', order: 'asc' },
  filters: [],
  searchPlaceholder: 'Search program name',
  exports: ['pdf', 'csv'],
});
