import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_CHART_LINK, patientColumn } from './patient-row.js';

/** One alert of the monitoring worklist. */
export const monitorRow = z.object({
  alert_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  level: z.enum(['critical', 'abnormal']),
  vital_type: z.string(),
  /** The value with its unit, e.g. '182 mmHg'. */
  reading: z.string(),
  /** The bound crossed, e.g. 'Critical high 180'. */
  bound_crossed: z.string(),
  taken_at: z.string(),
  created_at: z.string(),
  /** Minutes since the alert was raised (until acknowledged). */
  waiting_minutes: z.number().int(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  /** The escalation tier the unacknowledged alert reached ('Care coordinator'), null before any (alert-policy.ts). */
  escalated_to: z.string().nullable(),
});
export type MonitorRow = z.infer<typeof monitorRow>;

const LEVEL_OPTIONS = [
  { value: 'critical', label: 'Critical' },
  { value: 'abnormal', label: 'Abnormal' },
] as const;

/**
 * The monitoring worklist (000 §2.4 'Monitoring Table', route {dashboardType?}/{filter?}/monitor/{patId?}; the
 * bell opens /app/ActiveNotifications/monitor/{patientId}, 000 §2.8). Open alerts triaged by level (critical
 * first), then by waiting time (oldest first): the `level` sort key orders by both. `patId` preselects the hidden
 * patient filter; the `filter` segment may name a level.
 */
export const monitorList = defineList({
  name: 'monitor',
  title: 'Monitoring',
  spec: '000 §2.4, §2.8',
  route: LIST_ROUTES.monitor,
  page: 'Monitoring Table',
  row: monitorRow,
  idKey: 'alert_id',
  columns: [
    {
      key: 'level',
      label: 'Level',
      sortable: true,
      rank: ['critical', 'abnormal'],
      thenBy: { key: 'waiting_minutes', order: 'desc' },
    },
    patientColumn(),
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'vital_type', label: 'Vital', sortable: true },
    { key: 'reading', label: 'Value' },
    { key: 'bound_crossed', label: 'Bound Crossed' },
    { key: 'taken_at', label: 'Reading Time', sortable: true, format: 'datetime' },
    { key: 'waiting_minutes', label: 'Waiting', sortable: true, format: 'waiting' },
    { key: 'escalated_to', label: 'Escalated To' },
  ],
  defaultSort: { key: 'level', order: 'asc' },
  filters: [
    {
      key: 'state',
      label: 'State',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'acknowledged', label: 'Acknowledged' },
      ],
    },
    { key: 'level', label: 'Level', multi: true, options: LEVEL_OPTIONS },
    { key: 'vital', label: 'Vital', multi: true },
    F.practice,
    { key: 'patient', label: 'Patient', hidden: true },
    { key: 'raised', label: 'Raised', dateRange: true },
    // Alerts that reached a tier of the escalation chain (the dashboard's response figures link here).
    { key: 'escalated', label: 'Escalation', options: [{ value: 'yes', label: 'Escalated' }] },
  ],
  defaultFilters: { state: 'open' },
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
  routeFilters: { patId: 'patient', filter: 'level' },
});

/** One task of My Tasks. */
export const myTaskRow = z.object({
  task_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  patient: listPatient.nullable(),
  status: z.enum(['open', 'in_progress', 'completed']),
  due_at: z.string().nullable(),
  /** Due before now and not completed. */
  overdue: z.boolean(),
  created_by_name: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type MyTaskRow = z.infer<typeof myTaskRow>;

const TASK_STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
] as const;

/**
 * My Tasks (000 §2.4, route myTasks/{taskId?}): the signed-in user's tasks, open ones first by due date. The menu
 * badge counts the incomplete ones (000 §2.7, capped at 99). Due dates may lie ahead (a schedule view, 001 §5).
 */
export const myTasksList = defineList({
  name: 'my-tasks',
  title: 'My Tasks',
  spec: '000 §2.4, §2.7',
  route: LIST_ROUTES.myTasks,
  page: 'My Tasks',
  row: myTaskRow,
  idKey: 'task_id',
  columns: [
    { key: 'task_id', label: 'Task ID', sortable: true },
    { key: 'title', label: 'Task', sortable: true },
    patientColumn(),
    { key: 'status', label: 'Status', sortable: true, rank: ['open', 'in_progress', 'completed'] },
    { key: 'due_at', label: 'Due', sortable: true, format: 'datetime' },
    { key: 'created_by_name', label: 'Created By' },
    { key: 'created_at', label: 'Created', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'due_at', order: 'asc' },
  filters: [
    { key: 'status', label: 'Status', multi: true, options: TASK_STATUS_OPTIONS },
    { key: 'due', label: 'Due Date', dateRange: true, future: true },
    { key: 'overdue', label: 'Overdue only', checkbox: true },
  ],
  defaultFilters: { status: 'open,in_progress' },
  searchPlaceholder: 'Search task or patient',
  exports: ['pdf', 'csv'],
  own: true,
});
