import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList, type FilterOption, type ListColumn, type ListFilter } from './define-list.js';
import { LIST_ROUTES, ROW_VIEW_ROUTES, rowViewLink } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_CHART_LINK, patientColumn } from './patient-row.js';

/**
 * The sleep and spirometry study worklists (000 §2.4 Sleep Tests, Sleep Tests Co-Read, Pulse Oximetry
 * Tests, Spirometry Test, Sleep Lab Table). One row for every kind of study; each list shows the measures of its
 * kind in the standard terms of sleep medicine (the spec names none; decisions.md "Sleep study worklists").
 */

/** Kinds of study, by code (bff/src/db/migrations/0019_sleep.sql) with the label staff read. */
export const SLEEP_STUDY_KIND_LABELS = {
  hst: 'HST',
  psg: 'In-lab PSG',
  oximetry: 'Overnight Oximetry',
  spirometry: 'Spirometry',
} as const;
export type SleepStudyKind = keyof typeof SLEEP_STUDY_KIND_LABELS;

/** A study's workflow, in order, by code with its label. */
export const SLEEP_STUDY_STATUS_LABELS = {
  ordered: 'Ordered',
  recorded: 'Recorded',
  awaiting_interpretation: 'Awaiting Interpretation',
  interpreted: 'Interpreted',
  co_read: 'Co-Read',
} as const;
export type SleepStudyStatus = keyof typeof SLEEP_STUDY_STATUS_LABELS;

const optionsOf = (labels: Readonly<Record<string, string>>, only?: readonly string[]): FilterOption[] =>
  Object.entries(labels)
    .filter(([value]) => !only || only.includes(value))
    .map(([value, label]) => ({ value, label }));

/** One study. `kind` and `status` carry their labels (the lists filter them by code). */
export const sleepStudyRow = z.object({
  study_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  dob: z.string(),
  practice_name: z.string(),
  kind: z.enum(Object.values(SLEEP_STUDY_KIND_LABELS) as [string, ...string[]]),
  status: z.enum(Object.values(SLEEP_STUDY_STATUS_LABELS) as [string, ...string[]]),
  /** The ordering physician. */
  physician: z.string().nullable(),
  /** The reading (interpreting) physician. */
  reader: z.string().nullable(),
  /** The second reader of a co-read, once co-signed. */
  co_reader: z.string().nullable(),
  device: z.string().nullable(),
  ordered_at: z.string(),
  /** The night (or day) recorded, 'YYYY-MM-DD'. */
  recorded_on: z.string().nullable(),
  /** Apnea-hypopnea index, events per hour of sleep. */
  ahi: z.number().nullable(),
  /** Respiratory disturbance index, events per hour. */
  rdi: z.number().nullable(),
  /** Oxygen desaturation index (≥ 3 %), events per hour. */
  odi: z.number().nullable(),
  /** Lowest SpO2, percent. */
  spo2_nadir: z.number().nullable(),
  /** Mean SpO2, percent. */
  spo2_mean: z.number().nullable(),
  /** Minutes with SpO2 below 88 %. */
  t88_minutes: z.number().nullable(),
  /** Total sleep time, minutes. */
  total_sleep_minutes: z.number().nullable(),
  /** Total sleep time over time in bed, percent. */
  sleep_efficiency: z.number().nullable(),
  /** Spirometry: forced expiratory volume in one second, litres. */
  fev1_l: z.number().nullable(),
  /** Spirometry: forced vital capacity, litres. */
  fvc_l: z.number().nullable(),
  /** Spirometry: FEV1/FVC, percent. */
  fev1_fvc_pct: z.number().nullable(),
  /** When the reading physician signed the interpretation. */
  signed_at: z.string().nullable(),
  /** 'Locked by {name}' while a reader holds the study's lock, else null. */
  locked_by: z.string().nullable(),
  /** Since when the lock is held. */
  locked_since: z.string().nullable(),
});
export type SleepStudyRow = z.infer<typeof sleepStudyRow>;
type Key = keyof SleepStudyRow & string;

const STATUS_RANK = Object.values(SLEEP_STUDY_STATUS_LABELS);

/** Columns every study list shows the same way, declared once. */
const C = {
  id: { key: 'study_id', label: 'Test ID', sortable: true },
  patient: patientColumn(),
  dob: { key: 'dob', label: 'DOB', sortable: true, format: 'date' },
  practice: { key: 'practice_name', label: 'Practice', sortable: true },
  kind: { key: 'kind', label: 'Test Type', sortable: true },
  status: { key: 'status', label: 'Status', sortable: true, rank: STATUS_RANK },
  physician: { key: 'physician', label: 'Ordering Physician', sortable: true },
  reader: { key: 'reader', label: 'Interpreting Physician', sortable: true },
  coReader: { key: 'co_reader', label: 'Co-Reader', sortable: true },
  device: { key: 'device', label: 'Device' },
  recorded: { key: 'recorded_on', label: 'Study Date', sortable: true, format: 'date' },
  signed: { key: 'signed_at', label: 'Signed', sortable: true, format: 'datetime' },
  ahi: { key: 'ahi', label: 'AHI (/h)', sortable: true },
  rdi: { key: 'rdi', label: 'RDI (/h)', sortable: true },
  odi: { key: 'odi', label: 'ODI (/h)', sortable: true },
  nadir: { key: 'spo2_nadir', label: 'SpO2 Nadir (%)', sortable: true },
  mean: { key: 'spo2_mean', label: 'Mean SpO2 (%)', sortable: true },
  t88: { key: 't88_minutes', label: 'Time SpO2 < 88%', sortable: true, format: 'minutes' },
  tst: { key: 'total_sleep_minutes', label: 'Total Sleep Time', sortable: true, format: 'minutes' },
  efficiency: { key: 'sleep_efficiency', label: 'Sleep Efficiency (%)', sortable: true },
  fev1: { key: 'fev1_l', label: 'FEV1 (L)', sortable: true },
  fvc: { key: 'fvc_l', label: 'FVC (L)', sortable: true },
  ratio: { key: 'fev1_fvc_pct', label: 'FEV1/FVC (%)', sortable: true },
  lockedBy: { key: 'locked_by', label: 'Lock' },
  lockedSince: { key: 'locked_since', label: 'Locked Since', format: 'datetime' },
} as const satisfies Record<string, ListColumn<Key>>;

/** The first columns of every study list: the study and its patient. */
const HEAD = [C.id, C.patient, C.dob, C.practice] as const;
/** The reading lists show who holds each study's lock, live (decisions.md "Locked by on the study lists"). */
const LOCK = [C.lockedBy, C.lockedSince] as const;

/** The filters of the study lists. Study status is `study_status` (its values are codes, the rows show labels). */
const statusFilter = (only?: readonly SleepStudyStatus[]) =>
  ({
    key: 'study_status',
    label: 'Status',
    multi: true,
    options: optionsOf(SLEEP_STUDY_STATUS_LABELS, only),
  }) as const satisfies ListFilter;
const SF = {
  kind: {
    key: 'kind',
    label: 'Test Type',
    multi: true,
    options: optionsOf(SLEEP_STUDY_KIND_LABELS, ['hst', 'psg']),
  },
  reader: { key: 'reader', label: 'Interpreting Physician', multi: true, search: true },
  recorded: { key: 'recorded', label: 'Study Date', dateRange: true },
} as const satisfies Record<string, ListFilter>;

/** Studies not interpreted yet: the default of the reading worklists (decisions.md "Sleep study worklists"). */
const OPEN_STUDIES = 'ordered,recorded,awaiting_interpretation';

/** The interpretation view of one study (decisions.md "Sleep interpretation view"). */
const SLEEP_INTERPRETATION_LINK = '/app/sleep-test/{study_id}';

/** The reading lists open a row in the interpretation view, from the row or its Test ID. */
const READING = { open: SLEEP_INTERPRETATION_LINK } as const;
const HEAD_READING = [{ ...C.id, link: SLEEP_INTERPRETATION_LINK }, C.patient, C.dob, C.practice] as const;

/** What the study lists share; a row opens the patient's chart. */
const common = {
  spec: '000 §2.4; issue 15',
  row: sleepStudyRow,
  idKey: 'study_id',
  defaultSort: { key: 'recorded_on', order: 'desc' },
  searchPlaceholder: 'Search patient name, RPM ID or test ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
} as const;

/** Sleep Tests (000 §2.4 `{filter?}/sleepTests`): home sleep tests and in-lab PSGs; start page of roles 16/17. */
export const sleepTestsList = defineList({
  ...common,
  name: 'sleep-tests',
  title: 'Sleep Tests',
  route: LIST_ROUTES.sleepTests,
  page: 'Sleep Tests',
  ...READING,
  columns: [
    ...HEAD_READING,
    C.kind,
    C.status,
    C.physician,
    C.reader,
    C.recorded,
    C.ahi,
    C.odi,
    C.nadir,
    ...LOCK,
  ],
  filters: [SF.kind, statusFilter(), F.practice, F.physician, SF.reader, SF.recorded],
  defaultFilters: { study_status: OPEN_STUDIES },
  routeFilters: { filter: 'study_status' },
});

/**
 * Sleep Tests Co-Read (000 §2.4 `{filter?}/sleepTestsInterpretation`; start page of onlyCoRead users, 000 §6.1):
 * signed sleep studies that need a second reader, those awaiting it first by default.
 */
export const sleepCoReadList = defineList({
  ...common,
  name: 'sleep-co-read',
  title: 'Sleep Tests Co-Read',
  route: LIST_ROUTES.sleepCoRead,
  page: 'Sleep Tests Co-Read',
  ...READING,
  columns: [...HEAD_READING, C.kind, C.status, C.reader, C.coReader, C.recorded, C.signed, C.ahi, ...LOCK],
  filters: [SF.kind, statusFilter(['interpreted', 'co_read']), F.practice, SF.reader, SF.recorded],
  defaultFilters: { study_status: 'interpreted' },
  routeFilters: { filter: 'study_status' },
});

/** Pulse Oximetry Tests (000 §2.4 `{filter?}/pulseOximetry`): overnight oximetry. */
export const pulseOximetryList = defineList({
  ...common,
  name: 'pulse-oximetry',
  title: 'Pulse Oximetry Tests',
  route: LIST_ROUTES.pulseOximetry,
  page: 'Pulse Oximetry Tests',
  columns: [...HEAD, C.status, C.physician, C.reader, C.recorded, C.odi, C.nadir, C.mean, C.t88, ...LOCK],
  filters: [statusFilter(), F.practice, F.physician, SF.reader, SF.recorded],
  defaultFilters: { study_status: OPEN_STUDIES },
  routeFilters: { filter: 'study_status' },
});

/** Spirometry Test (000 §2.4 'spirometry-test'; the route also needs role 6: decisions.md "Spirometry access"). */
export const spirometryList = defineList({
  ...common,
  name: 'spirometry',
  title: 'Spirometry Test',
  route: LIST_ROUTES.spirometry,
  page: 'Spirometry Test',
  columns: [...HEAD, C.status, C.physician, C.reader, C.recorded, C.fev1, C.fvc, C.ratio, ...LOCK],
  filters: [statusFilter(), F.practice, F.physician, SF.reader, SF.recorded],
});

/**
 * Where a Sleep Lab row opens: the study's own view, read-only and without the readers' lock
 * (decisions.md "Dental case and sleep study views").
 */
const SLEEP_LAB_STUDY_LINK = rowViewLink(ROW_VIEW_ROUTES.sleepLabStudy);

/**
 * Sleep Lab Table (000 §2.4 'sleep-lab'; start page of sleep-lab users, 000 §6.1): the in-lab polysomnograms of
 * the lab, to record and hand to the readers (decisions.md "Sleep study worklists").
 */
export const sleepLabList = defineList({
  ...common,
  name: 'sleep-lab',
  title: 'Sleep Lab',
  route: LIST_ROUTES.sleepLab,
  page: 'Sleep Lab Table',
  // A row opens the study's own view, never the RPM chart (decisions.md "Dental case and sleep study views").
  open: SLEEP_LAB_STUDY_LINK,
  columns: [
    { ...C.id, link: SLEEP_LAB_STUDY_LINK },
    patientColumn(SLEEP_LAB_STUDY_LINK),
    C.dob,
    C.practice,
    C.status,
    C.physician,
    C.device,
    C.recorded,
    C.tst,
    C.efficiency,
    C.ahi,
    C.rdi,
    C.nadir,
  ],
  filters: [statusFilter(), F.practice, F.physician, SF.recorded],
});

/** The kinds each study list shows (the stores' fixed predicate). */
export const SLEEP_LIST_KINDS = {
  'sleep-tests': ['hst', 'psg'],
  'sleep-co-read': ['hst', 'psg'],
  'pulse-oximetry': ['oximetry'],
  spirometry: ['spirometry'],
  'sleep-lab': ['psg'],
} as const satisfies Record<string, readonly SleepStudyKind[]>;
