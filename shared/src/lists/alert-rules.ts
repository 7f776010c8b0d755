import { z } from 'zod';
import { NOTIFICATION_MODES } from '../api/rules.js';
import { MSG } from '../messages.js';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS, patientColumn } from './patient-row.js';

/** One notification rule (tables `notification_rules`, `notification_rule_vitals`; 001 §2.2, §3). */
export const alertRuleRow = z.object({
  notification_rule_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  device_type: z.string(),
  /** The device's name and IMEI, as the chart's Alert Rules tab shows them. */
  device: z.string(),
  /** 'Active' or 'Inactive' (RULE_STATUS). */
  status: z.string(),
  /** Readings per interval, as the chart shows it: '1 / Day'. */
  interval: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Each vital's abnormal and critical bounds, e.g. 'systolic 90–140 (critical 80–180) mmHg'. */
  monitoring_levels: z.string(),
  /** How missed readings are followed up (NOTIFICATION_MODES). */
  notification_mode: z.string(),
  updated_at: z.string(),
});
export type AlertRuleRow = z.infer<typeof alertRuleRow>;

/** Where a rule opens: the patient's Alert Rules tab, where it is edited, paused or ended (001 §2.2). */
export const ALERT_RULE_LINK = '/app/patient-chart/alert-rules/{patient_id}';

/** Rule states in their order, by label (RULE_STATUS 1, 2). */
const RULE_STATES = ['Active', 'Inactive'] as const;

/**
 * Alert Rules, the utility (000 §2.4, §2.7 Utilities): the notification rules of every patient in scope in one list,
 * so a team sees which patients are watched, how, and what changed lately, without opening each chart
 * (decisions.md "Alert Rules utility"). Active rules by default, the latest changed first.
 */
export const alertRulesList = defineList({
  name: 'alert-rules',
  title: 'Alert Rules',
  spec: '000 §2.4; 001 §2.2',
  route: LIST_ROUTES.alertRules,
  page: 'Alert Rules',
  row: alertRuleRow,
  idKey: 'notification_rule_id',
  columns: [
    patientColumn(ALERT_RULE_LINK),
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'device', label: MSG.colDevice },
    { key: 'status', label: MSG.colStatus, sortable: true, rank: RULE_STATES },
    { key: 'interval', label: MSG.colInterval },
    { key: 'start_date', label: MSG.colStartDate, sortable: true, format: 'date' },
    { key: 'end_date', label: MSG.colEndDate, sortable: true, format: 'date' },
    { key: 'monitoring_levels', label: MSG.colMonitoringLevels },
    { key: 'notification_mode', label: 'Missed Readings', sortable: true },
    { key: 'updated_at', label: 'Updated', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'updated_at', order: 'desc' },
  filters: [
    {
      key: 'rule_status',
      label: MSG.colStatus,
      options: RULE_STATES.map((label) => ({ value: label.toLowerCase(), label })),
    },
    { key: 'device_type', label: 'Device Type', multi: true },
    PATIENT_FILTERS.practice,
    {
      key: 'notification_mode',
      label: 'Missed Readings',
      multi: true,
      options: Object.entries(NOTIFICATION_MODES).map(([value, label]) => ({ value, label })),
    },
    { key: 'updated', label: 'Updated Date', dateRange: true },
  ],
  defaultFilters: { rule_status: 'active' },
  searchPlaceholder: 'Search patient name, RPM ID or IMEI',
  exports: ['pdf', 'csv'],
  open: ALERT_RULE_LINK,
});
