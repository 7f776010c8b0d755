import { isoDay, SLEEP_STUDY_KIND_LABELS } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';
import { DEMO_ORGANIZATIONS } from './demo-organizations.js';

/** The second reader of the demo's co-reads (demo-users.ts: the co-read-only sleep reader, never a first reader). */
const DEMO_CO_READER = 'coread@demo.test';

/** The demo's interpretation templates (Custom Interpretation Config), one per kind of study. */
const TEMPLATES = [
  {
    kind: 'hst',
    name: 'Home sleep apnea test',
    findings:
      'Technically adequate home sleep apnea test. Respiratory events scored by AASM criteria (hypopnea 3 %).',
    recommendations:
      'Review the results with the ordering physician; consider positive airway pressure therapy.',
  },
  {
    kind: 'psg',
    name: 'Diagnostic polysomnogram',
    findings: 'Attended in-lab polysomnogram with EEG, EOG, EMG, ECG, airflow, effort, oximetry and video.',
    recommendations: 'Clinical correlation; titration study if moderate or severe obstructive sleep apnea.',
  },
  {
    kind: 'oximetry',
    name: 'Overnight oximetry',
    findings: 'Overnight pulse oximetry on room air.',
    recommendations: 'Consider a diagnostic sleep study if desaturation events are frequent.',
  },
  {
    kind: 'spirometry',
    name: 'Spirometry',
    findings: 'Spirometry meeting ATS/ERS acceptability and repeatability criteria.',
    recommendations: 'Correlate with symptoms; repeat after bronchodilator if obstruction is present.',
  },
] as const;

const KINDS = Object.keys(SLEEP_STUDY_KIND_LABELS);
const SLEEP_ORGANIZATIONS = DEMO_ORGANIZATIONS.filter((o) => o.sleepFocus).map((o) => o.name);
const STATUSES = ['ordered', 'recorded', 'awaiting_interpretation', 'interpreted', 'co_read'];

/**
 * Sleep and spirometry studies, set-based: two or three for every patient of a sleep-focused organisation and every
 * fourth elsewhere, spread over the workflow with their measures; signed ones interpreted from their kind's template;
 * recorded HSTs and PSGs name their technician.
 */
export async function seedSleep(trx: Db, input: { today: Date; adminId: number }): Promise<void> {
  const today = isoDay(input.today);
  await trx
    .insertInto('interpretation_templates')
    .values(
      TEMPLATES.map((t) => ({ ...t, impression: '', created_by: input.adminId, created_at: input.today })),
    )
    .execute();
  await sql`
    with candidates as (
      select p.patient_id, p.practice_id, p.physician_id,
        (select u.user_id from users u join user_practices up on up.user_id = u.user_id
          where up.practice_id = p.practice_id and u.active and not u.only_co_read and not u.is_dentist
            and (u.is_interpreting_prac or exists (select 1 from user_roles r where r.user_id = u.user_id
              and r.role_id = 16))
          order by u.user_id limit 1) as reader_id
      from patients p join practices pr on pr.practice_id = p.practice_id
      join organizations o on o.organization_id = pr.organization_id
      where o.organization_name = any(${SLEEP_ORGANIZATIONS}::text[]) or p.patient_id % 4 = 0
    ), planned as (
      select c.*, k, (${KINDS}::text[])[k + 1] as kind,
        -- The first study of each practice awaits interpretation, so every demo reader's start page has work.
        case when row_number() over (partition by c.practice_id order by c.patient_id, k) = 1
          then 'awaiting_interpretation'
          else (${STATUSES}::text[])[1 + (c.patient_id * 7 + k * 3) % 5] end as status,
        (c.patient_id * 37 + k * 11) % 600 as h,
        ${today}::date - (20 + (c.patient_id * 3 + k * 7) % 60) as ordered_on
      from candidates c cross join generate_series(0, 3) k
      where (c.patient_id + k) % 3 <> 0
    )
    insert into sleep_studies (patient_id, kind, status, ordering_physician_id, reader_id, needs_co_read, device,
      ordered_at, recorded_on, ahi, rdi, odi, spo2_nadir, spo2_mean, t88_minutes, total_sleep_minutes,
      sleep_efficiency, fev1_l, fvc_l, created_at)
    select patient_id, kind, status, physician_id,
      case when status not in ('ordered', 'recorded') then coalesce(reader_id, physician_id, ${input.adminId}) end,
      status = 'co_read' or (status = 'interpreted' and (patient_id + k) % 2 = 0),
      case kind when 'hst' then (array['WatchPAT 300', 'ApneaLink Air', 'NightOwl'])[1 + patient_id % 3]
        when 'psg' then 'Compumedics Grael, bed ' || (1 + patient_id % 4)
        when 'oximetry' then 'Nonin WristOx2 3150' else 'MIR Spirobank II' end,
      ordered_on + interval '9 hours',
      case when status <> 'ordered' then ordered_on + 3 + patient_id % 7 end,
      case when status <> 'ordered' and kind in ('hst', 'psg') then h / 10.0 end,
      case when status <> 'ordered' and kind = 'psg' then h / 10.0 + (patient_id * 13) % 40 / 10.0 end,
      case when status <> 'ordered' and kind in ('hst', 'psg') then round(h * 0.085, 1)
        when status <> 'ordered' and kind = 'oximetry' then h / 10.0 end,
      case when status <> 'ordered' and kind <> 'spirometry' then greatest(62, 94 - h / 25) end,
      case when status <> 'ordered' and kind = 'oximetry' then 92 + patient_id % 50 / 10.0 end,
      case when status <> 'ordered' and kind = 'oximetry' then h / 10 end,
      case when status <> 'ordered' and kind in ('hst', 'psg') then 300 + (patient_id * 17) % 150 end,
      case when status <> 'ordered' and kind = 'psg' then 70 + (patient_id * 7) % 250 / 10.0 end,
      case when status <> 'ordered' and kind = 'spirometry'
        then round((2.5 + (patient_id * 29) % 250 / 100.0) * (0.55 + (patient_id * 11) % 35 / 100.0), 2) end,
      case when status <> 'ordered' and kind = 'spirometry' then 2.5 + (patient_id * 29) % 250 / 100.0 end,
      ordered_on + interval '9 hours'
    from planned order by patient_id, k`.execute(trx);
  // Signed interpretations; the AASM severity of the AHI (5, 15, 30 events per hour) as the impression.
  await sql`
    insert into sleep_interpretations (study_id, template_id, findings, impression, recommendations, updated_by,
      updated_at, signed_by, signed_at, co_reader_id, co_signed_at)
    select s.study_id, t.template_id, t.findings,
      case when s.kind = 'spirometry' then
          case when s.fev1_l / s.fvc_l < 0.7 then 'Obstructive ventilatory defect.' else 'Normal spirometry.' end
        when s.kind = 'oximetry' then 'Oxygen desaturation index ' || s.odi || ' per hour; nadir ' || s.spo2_nadir || ' %.'
        when s.ahi < 5 then 'No obstructive sleep apnea (AHI ' || s.ahi || ' per hour).'
        when s.ahi < 15 then 'Mild obstructive sleep apnea (AHI ' || s.ahi || ' per hour).'
        when s.ahi < 30 then 'Moderate obstructive sleep apnea (AHI ' || s.ahi || ' per hour).'
        else 'Severe obstructive sleep apnea (AHI ' || s.ahi || ' per hour).' end,
      t.recommendations, s.reader_id, s.recorded_on + interval '2 days 10 hours', s.reader_id,
      s.recorded_on + interval '2 days 10 hours',
      case when s.status = 'co_read' then cr.user_id end,
      case when s.status = 'co_read' and cr.user_id is not null then s.recorded_on + interval '3 days 11 hours' end
    from sleep_studies s join interpretation_templates t on t.kind = s.kind
    left join users cr on cr.username = ${DEMO_CO_READER}
    where s.status in ('interpreted', 'co_read')
    order by s.study_id`.execute(trx);
  // Who recorded each sleep study (migration 0054): the practice's sleep technologist (a technician, a sleep-lab
  // user or dental and sleep-lab staff), where it has one.
  await sql`
    update sleep_studies s set technician_id = (
      select u.user_id from users u join user_practices up on up.user_id = u.user_id
      join patients p on p.practice_id = up.practice_id
      where p.patient_id = s.patient_id and u.active and (u.is_sleeplab_user or exists (select 1 from user_roles r
        where r.user_id = u.user_id and r.role_id in (18, 20)))
      order by u.user_id limit 1)
    where s.status <> 'ordered' and s.kind in ('hst', 'psg')`.execute(trx);
}
