import { ESCALATION_CHAIN, isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import { hashDeviceKey } from '../../alerts/device-keys.js';
import type { Db } from '../schema.js';

/**
 * The demo vendor key of the reading intake (header x-device-key): demo data only, named in the seed summary and the
 * README; a real deployment adds its vendors' keys (alerts/device-keys.ts) and never seeds this one.
 */
export const DEMO_DEVICE_KEY = 'dk_demo_Rk7vQ2mX9pL4sT8wZ1nB6cF3hJ5yD0gA';

const DEMO_DEVICE_VENDOR = 'Demo device cloud';

const NOTES = [
  'Reviewed the latest readings with the patient by phone; no symptoms reported.',
  'Patient asked about cuff placement; re-explained how to sit and rest before measuring.',
  'Medication list confirmed with the patient; no changes since the last visit.',
  'Spoke with caregiver about the missed readings last week; device was travelling with the patient.',
  'Discussed diet and fluid intake after the weight change; follow-up call scheduled.',
  'Physician reviewed the monthly trend and wants readings continued at the same frequency.',
];

export interface ChartSeedInput {
  readonly today: Date;
  /** The top administrator, author of rules for patients without a care coordinator or physician. */
  readonly adminId: number;
}

/**
 * The chart's demo data, set-based after the patients, devices and readings exist: a rule per device assignment
 * with the protocol defaults, dry weights and vital configuration, the alerts the readings raise (older ones
 * acknowledged), CCM enrolment and reject history, notes, and the demo vendor key.
 */
export async function seedChart(trx: Db, input: ChartSeedInput): Promise<void> {
  const today = isoDay(input.today);
  const admin = input.adminId;
  await trx
    .insertInto('device_vendor_keys')
    .values({
      vendor_name: DEMO_DEVICE_VENDOR,
      key_hash: hashDeviceKey(DEMO_DEVICE_KEY),
      created_at: input.today,
    })
    .execute();

  // Rules: interval 1 a day (twice for glucometers), SMS after 2-3 days and a call after 4-5 days without readings.
  await sql`
    insert into notification_rules (patient_id, device_assign_id, interval_id, interval_count, start_date, end_date,
      status, notification_mode, notification_note, sms_miss, call_miss, gain, loss, created_by, created_at,
      updated_by, updated_at, terminated_by, terminated_at)
    select a.patient_id, a.device_assign_id, 1, case when d.device_type_id = 3 then 2 else 1 end,
      (a.assigned_at at time zone 'UTC')::date,
      case when a.unassigned_at is null then date '2099-12-31'
        else greatest((a.unassigned_at at time zone 'UTC')::date, (a.assigned_at at time zone 'UTC')::date + 1) end,
      case when a.unassigned_at is null and p.rpm_status not in (6, 7) then 1 else 2 end,
      case a.device_assign_id % 4 when 0 then 'sms' when 1 then 'ivr' else 'sms_ivr' end,
      'Hello, this is your care team. Please take your reading today. Thank you.',
      2 + a.device_assign_id % 2, 4 + a.device_assign_id % 2,
      case when d.device_type_id = 2 then 3 end, case when d.device_type_id = 2 then 5 end,
      coalesce(p.care_coordinator_id, p.physician_id, ${admin}), a.assigned_at,
      coalesce(p.care_coordinator_id, p.physician_id, ${admin}), a.assigned_at,
      case when a.unassigned_at is not null or p.rpm_status in (6, 7)
        then coalesce(p.care_coordinator_id, p.physician_id, ${admin}) end,
      case when a.unassigned_at is not null then a.unassigned_at
        when p.rpm_status in (6, 7) then greatest(a.assigned_at, ${today}::date - 10) end
    from device_assignments a
    join devices d on d.inventory_id = a.inventory_id
    join patients p on p.patient_id = a.patient_id
    order by a.device_assign_id`.execute(trx);

  await sql`
    insert into notification_rule_vitals (notification_rule_id, vital_id, critical_low, abnormal_low, abnormal_high,
      critical_high)
    select r.notification_rule_id, vd.vital_id, vd.critical_low, vd.abnormal_low, vd.abnormal_high, vd.critical_high
    from notification_rules r
    join device_assignments a on a.device_assign_id = r.device_assign_id
    join devices d on d.inventory_id = a.inventory_id
    join vitals v on v.device_type_id = d.device_type_id
    join vital_defaults vd on vd.vital_id = v.vital_id and vd.role_id = 5
    where d.device_type_id <> 2`.execute(trx);

  // Dry weight: the first weight the scale sent, to the half pound.
  await sql`
    insert into patient_weight_settings (patient_id, dry_weight, gain, loss, updated_by, updated_at)
    select distinct on (r.patient_id) r.patient_id, round(x.value * 2) / 2, r.gain, r.loss, r.created_by, r.created_at
    from notification_rules r
    join readings x on x.device_assign_id = r.device_assign_id
    join vitals v on v.vital_id = x.vital_id and v.vital_type = 'weight'
    order by r.patient_id, x.taken_at, x.reading_id`.execute(trx);

  // The vital configuration (001 §2.6) of patients with an active rule: the rule's bounds.
  await sql`
    insert into patient_vital_thresholds (patient_id, vital_id, critical_low, abnormal_low, abnormal_high,
      critical_high, updated_by, updated_at)
    select distinct on (r.patient_id, rv.vital_id) r.patient_id, rv.vital_id, rv.critical_low, rv.abnormal_low,
      rv.abnormal_high, rv.critical_high, r.created_by, r.created_at
    from notification_rules r join notification_rule_vitals rv on rv.notification_rule_id = r.notification_rule_id
    where r.status = 1
    order by r.patient_id, rv.vital_id, r.notification_rule_id`.execute(trx);

  // Alerts of the seeded readings under the rule in force, by thresholds.ts readingLevel (weights against the dry
  // weight); those older than three days acknowledged by the coordinator (or physician) four hours later.
  await sql`
    with hits as (
      select x.patient_id, x.reading_id, r.notification_rule_id, x.vital_id, lvl.level, lvl.direction, x.value,
        lvl.bound, x.taken_at
      from readings x
      join notification_rules r on r.device_assign_id = x.device_assign_id
        and (x.taken_at at time zone 'UTC')::date between r.start_date and r.end_date
      join notification_rule_vitals v on v.notification_rule_id = r.notification_rule_id and v.vital_id = x.vital_id
      -- One CASE per field rather than a sorted VALUES list per reading: the same rows, a tenth of the time
      -- (issue 17 goal 5, npm start seeds the demo data).
      cross join lateral (select
        case when x.value < v.critical_low or x.value > v.critical_high then 'critical'
          when x.value < v.abnormal_low or x.value > v.abnormal_high then 'abnormal' end as level,
        case when x.value < v.critical_low then 'low' when x.value > v.critical_high then 'high'
          when x.value < v.abnormal_low then 'low' when x.value > v.abnormal_high then 'high' end as direction,
        case when x.value < v.critical_low then v.critical_low when x.value > v.critical_high then v.critical_high
          when x.value < v.abnormal_low then v.abnormal_low when x.value > v.abnormal_high then v.abnormal_high
          end as bound
      ) lvl
      where lvl.level is not null
      union all
      select x.patient_id, x.reading_id, r.notification_rule_id, x.vital_id, 'abnormal',
        case when x.value > w.dry_weight + r.gain then 'high' else 'low' end, x.value,
        case when x.value > w.dry_weight + r.gain then w.dry_weight + r.gain else w.dry_weight - r.loss end,
        x.taken_at
      from readings x
      join vitals vt on vt.vital_id = x.vital_id and vt.vital_type = 'weight'
      join notification_rules r on r.device_assign_id = x.device_assign_id
        and (x.taken_at at time zone 'UTC')::date between r.start_date and r.end_date
      join patient_weight_settings w on w.patient_id = x.patient_id
      where x.value > w.dry_weight + r.gain or x.value < w.dry_weight - r.loss
    )
    insert into alerts (patient_id, reading_id, notification_rule_id, vital_id, level, direction, value, bound,
      taken_at, created_at, acknowledged_at, acknowledged_by)
    select h.patient_id, h.reading_id, h.notification_rule_id, h.vital_id, h.level, h.direction, h.value, h.bound,
      h.taken_at, h.taken_at,
      case when h.taken_at < ${today}::date - 3 and coalesce(p.care_coordinator_id, p.physician_id) is not null
        then h.taken_at + interval '4 hours' end,
      case when h.taken_at < ${today}::date - 3 then coalesce(p.care_coordinator_id, p.physician_id) end
    from hits h join patients p on p.patient_id = h.patient_id
    order by h.reading_id`.execute(trx);

  // Alerts escalated as far as the job would have before their acknowledgement, or by now, so a first start does
  // not escalate the whole history at once (decisions.md "Alert escalation").
  await sql`
    with due as (
      select a.alert_id, a.created_at, m.minutes,
        least(${ESCALATION_CHAIN.length}, floor(extract(epoch from (coalesce(a.acknowledged_at,
          ${input.today}::timestamptz) - a.created_at)) / 60 / m.minutes))::integer as tier
      from alerts a
      join patients p on p.patient_id = a.patient_id
      join practices pr on pr.practice_id = p.practice_id
      cross join lateral (select case a.level when 'critical' then pr.escalation_critical_minutes
        else pr.escalation_abnormal_minutes end as minutes) m)
    update alerts al set escalation_tier = due.tier,
      escalated_at = due.created_at + make_interval(mins => due.minutes * due.tier)
    from due where due.alert_id = al.alert_id and due.tier > 0`.execute(trx);

  // Status history: CCM enrolment (ccmCreated on the card) and the RPM rejections with their reasons.
  await sql`
    insert into patient_status_changes (patient_id, program, from_status, to_status, details, changed_by, changed_at)
    select p.patient_id, 'CCM', 1, p.ccm_status, null, coalesce(p.care_coordinator_id, p.physician_id, ${admin}),
      coalesce(p.setup_date, p.created_at::date) + interval '3 days 10 hours'
    from patients p where p.ccm_status between 2 and 29
    union all
    select p.patient_id, 'RPM', 3, 9,
      jsonb_build_object('dialog', 'rejected', 'reason', p.reject_reason, 'comment', coalesce(p.reject_comment, '')),
      coalesce(p.care_coordinator_id, p.physician_id, ${admin}), p.created_at + interval '2 days'
    from patients p where p.rpm_status = 9 and p.reject_reason is not null
    order by 1, 2`.execute(trx);

  // A note or two on most monitored patients' charts, from their care team.
  await sql`
    insert into patient_notes (patient_id, author_id, note, created_at, updated_at)
    select p.patient_id, coalesce(p.care_coordinator_id, p.physician_id, ${admin}),
      (${NOTES}::text[])[1 + (p.patient_id * 7 + g) % ${NOTES.length}],
      ${today}::date - ((p.patient_id * 13 + g * 29) % 60) + interval '9 hours' + (g * interval '3 hours'),
      ${today}::date - ((p.patient_id * 13 + g * 29) % 60) + interval '9 hours' + (g * interval '3 hours')
    from patients p cross join generate_series(0, 1) g
    where p.setup_date is not null and (p.patient_id + g) % 3 <> 0
    order by p.patient_id, g`.execute(trx);
}
