import { type AlertRuleRow, alertRulesList, isoDay, NOTIFICATION_MODES, RULE_STATUS } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { deviceTypeAndPracticeOptions } from '../lists/reference-options.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byPatientName,
  byText,
  countWhere,
  fullName,
  inIds,
  orderSql,
} from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * The Alert Rules utility (shared/src/lists/alert-rules.ts alertRulesList; decisions.md "Alert Rules utility"): the
 * notification rules of the patients the user may read, with their device and bounds.
 */

type Where = RawBuilder<SqlBool>;

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

const ORDER_BY = {
  patient_name: byPatientName,
  practice_name: byText(sql`pr.practice_name`),
  device_type: byText(sql`t.device_type`),
  status: by(rankSql(alertRulesList.columns, 'status', STATUS_LABEL)),
  start_date: by(sql`r.start_date`),
  end_date: by(sql`r.end_date`),
  notification_mode: byText(MODE_LABEL),
  updated_at: by(sql`r.updated_at`),
};

type Stored = Omit<AlertRuleRow, 'start_date' | 'end_date' | 'updated_at'> & {
  start_date: Date;
  end_date: Date;
  updated_at: Date;
};

export const alertRuleSource: ListSource<AlertRuleRow> = sliceSource<AlertRuleRow, Base>({
  filtered(db, viewer, view) {
    const parts: Where[] = [viewer.scope.visible('p')];
    const states = optionValues(view, 'rule_status');
    if (states?.length)
      parts.push(
        sql<SqlBool>`r.status = any(${states.map((s) => RULE_STATUS[s as keyof typeof RULE_STATUS])}::integer[])`,
      );
    const modes = optionValues(view, 'notification_mode');
    if (modes?.length) parts.push(sql<SqlBool>`r.notification_mode = any(${[...modes]}::text[])`);
    const types = idValues(view, 'device_type');
    if (types) parts.push(inIds('d.device_type_id', types));
    const practices = idValues(view, 'practice');
    if (practices) parts.push(inIds('p.practice_id', practices));
    const updated = dayRange(view, 'updated');
    if (updated.from) parts.push(sql<SqlBool>`r.updated_at >= ${updated.from}`);
    if (updated.before) parts.push(sql<SqlBool>`r.updated_at < ${updated.before}`);
    const search = patientSearchSql(view.search, undefined, sql<string>`d.imei`);
    if (search) parts.push(search);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, RULES_FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<Stored>`
      select r.notification_rule_id, p.patient_id, ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, pr.practice_name,
        t.device_type, d.device_name || ' (' || d.imei || ')' as device, ${STATUS_LABEL} as status,
        r.interval_count || ' / ' || i.interval_type as interval, r.start_date, r.end_date,
        ${MONITORING_LEVELS} as monitoring_levels, ${MODE_LABEL} as notification_mode, r.updated_at
      from ${RULES_FROM}
      where ${where}
      order by ${orderSql(view, ORDER_BY, 'r.notification_rule_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      start_date: isoDay(r.start_date),
      end_date: isoDay(r.end_date),
      updated_at: r.updated_at.toISOString(),
    }));
  },
  options: deviceTypeAndPracticeOptions,
});
