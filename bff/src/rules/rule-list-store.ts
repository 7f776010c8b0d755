import { alertRulesList, NOTIFICATION_MODES, RULE_STATUS } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { dayText, timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { deviceTypeAndPracticeOptions } from '../lists/reference-options.js';
import { by, byPatientName, inIds, PRACTICE_FILTER } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/**
 * The Alert Rules utility (shared/src/lists/alert-rules.ts alertRulesList; decisions.md "Alert Rules utility"): the
 * notification rules of the patients the user may read, with their device and bounds.
 */

const RULES_FROM = sql`notification_rules r
  join device_assignments a on a.device_assign_id = r.device_assign_id
  join devices d on d.inventory_id = a.inventory_id
  join device_types t on t.device_type_id = d.device_type_id
  join reading_intervals i on i.interval_id = r.interval_id
  join patients p on p.patient_id = r.patient_id
  join practices pr on pr.practice_id = p.practice_id`;

/** 'Active' / 'Inactive' from RULE_STATUS, as the list's status rank names them. */
const STATUS_LABEL = labelSql(
  'r.status',
  Object.fromEntries(
    Object.entries(RULE_STATUS).map(([name, id]) => [id, name[0]?.toUpperCase() + name.slice(1)]),
  ),
);
const MODE_LABEL = labelSql('r.notification_mode', NOTIFICATION_MODES);

/** A bound as the chart writes it: no trailing zeros (90.0 → 90). */
const bound = (column: string) => sql`trim_scale(${sql.ref(column)})::text`;

/**
 * Each vital's bounds: 'systolic 90–140 (critical 80–180) mmHg'; spo2 has low bounds only (001 §2.6). A weight rule
 * has no bounds but a gain and loss over the dry weight (001 §5): 'gain 3 lbs, loss 5 lbs over dry weight'.
 */
const MONITORING_LEVELS = sql<string>`concat_ws('; ', (select string_agg(v.vital_type || ' ' ||
    case when rv.abnormal_high is null
      then '≥ ' || ${bound('rv.abnormal_low')} || ' (critical ≥ ' || ${bound('rv.critical_low')} || ')'
      else ${bound('rv.abnormal_low')} || '–' || ${bound('rv.abnormal_high')} || ' (critical ' ||
        ${bound('rv.critical_low')} || '–' || coalesce(${bound('rv.critical_high')}, '') || ')' end
    || ' ' || v.unit, '; ' order by v.vital_id)
  from notification_rule_vitals rv join vitals v on v.vital_id = rv.vital_id
  where rv.notification_rule_id = r.notification_rule_id),
  case when r.gain is not null or r.loss is not null then concat_ws(', ',
    'gain ' || ${bound('r.gain')} || ' lbs', 'loss ' || ${bound('r.loss')} || ' lbs') || ' over dry weight' end)`;

export const alertRuleSource = listSource(alertRulesList, {
  from: RULES_FROM,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'r.notification_rule_id',
  select: () => ({
    notification_rule_id: sql`r.notification_rule_id`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    device_type: sql`t.device_type`,
    device: sql`d.device_name || ' (' || d.imei || ')'`,
    status: STATUS_LABEL,
    interval: sql`r.interval_count || ' / ' || i.interval_type`,
    start_date: dayText('r.start_date'),
    end_date: dayText('r.end_date'),
    monitoring_levels: MONITORING_LEVELS,
    notification_mode: MODE_LABEL,
    updated_at: timeText('r.updated_at'),
  }),
  sort: () => ({
    patient_name: byPatientName,
    status: by(rankSql(alertRulesList.columns, 'status', STATUS_LABEL)),
    start_date: by(sql`r.start_date`),
    end_date: by(sql`r.end_date`),
    updated_at: by(sql`r.updated_at`),
  }),
  where: {
    rule_status: {
      shows: 'status',
      when: (states) =>
        sql<SqlBool>`r.status = any(${states.map((s) => RULE_STATUS[s as keyof typeof RULE_STATUS])}::integer[])`,
    },
    notification_mode: {
      shows: 'notification_mode',
      when: (modes) => sql<SqlBool>`r.notification_mode = any(${[...modes]}::text[])`,
    },
    device_type: { shows: 'device_type', when: (types) => inIds('d.device_type_id', types) },
    practice: PRACTICE_FILTER,
    updated: { shows: 'updated_at', when: inRange('r.updated_at', 'instant') },
  },
  search: (text) => patientSearchSql(text, undefined, sql<string>`d.imei`),
  options: deviceTypeAndPracticeOptions,
});
