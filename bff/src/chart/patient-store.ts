import { isoDay } from '@rpm/shared';
import type { Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';

/** A person's name as the chart shows it, or null when there is no such person (a left join found none). */
export const nameOrNull = (first: string | null, last: string | null) =>
  first === null ? null : fullName(first, last);

/** The patient's demographics with the spec's field names (001 §3, §7 getdetailbyid). */
export async function patientDemographics(db: Db, patientId: number) {
  const p = await db
    .selectFrom('patients as p')
    .innerJoin('languages as l', 'l.language_id', 'p.language_id')
    .innerJoin('organizations as o', 'o.organization_id', 'p.organization_id')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .innerJoin('locations as lo', 'lo.location_id', 'p.location_id')
    .leftJoin('users as ph', 'ph.user_id', 'p.physician_id')
    .leftJoin('users as cc', 'cc.user_id', 'p.care_coordinator_id')
    .leftJoin('insurance_plans as ip', 'ip.plan_id', 'p.insurance_plan_id')
    .select([
      'p.mrn',
      'p.email',
      'p.address_line1',
      'p.address_line2',
      'p.city',
      'p.state',
      'p.zip',
      'p.insurance_plan_id',
      'ip.payer',
      'ip.plan_name',
      'p.insurance_member_id',
      'p.version',
      'p.merged_into_id',
      'p.deactivated_at',
      'p.patient_id',
      'p.firstname',
      'p.lastname',
      'p.location_id',
      'p.organization_id',
      'p.practice_id',
      'p.physician_id',
      'p.dob',
      'p.gender',
      'p.mobile',
      'p.phone',
      'p.language_id',
      'l.language',
      'p.diagnosis_code',
      'p.health_med_id',
      'p.auth_number',
      'p.setup_date',
      'ph.firstname as ph_first',
      'ph.lastname as ph_last',
      'p.care_coordinator_id',
      'cc.firstname as cc_first',
      'cc.lastname as cc_last',
      'o.organization_name',
      'pr.practice_name',
      'lo.location_name',
    ])
    .where('p.patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return {
    patient_id: p.patient_id,
    firstname: p.firstname,
    lastname: p.lastname,
    loc_id: p.location_id,
    org_id: p.organization_id,
    prac_id: p.practice_id,
    phy_id: p.physician_id,
    dob: isoDay(p.dob),
    gender: p.gender,
    mobile: p.mobile,
    phone: p.phone,
    language_id: p.language_id,
    language: p.language,
    diagnosis_code: p.diagnosis_code,
    health_med_id: p.health_med_id,
    auth_number: p.auth_number,
    setup_date: p.setup_date ? isoDay(p.setup_date) : null,
    physician_name: nameOrNull(p.ph_first, p.ph_last),
    care_coordinator_id: p.care_coordinator_id,
    care_coordinator_name: nameOrNull(p.cc_first, p.cc_last),
    organization_name: p.organization_name,
    practice_name: p.practice_name,
    location_name: p.location_name,
    mrn: p.mrn,
    email: p.email,
    address_line1: p.address_line1,
    address_line2: p.address_line2,
    city: p.city,
    state: p.state,
    zip: p.zip,
    insurance_plan_id: p.insurance_plan_id,
    insurance_plan_name: p.payer === null ? null : `${p.payer} · ${p.plan_name}`,
    insurance_member_id: p.insurance_member_id,
    version: p.version,
    merged_into_id: p.merged_into_id,
    deactivated_at: p.deactivated_at?.toISOString() ?? null,
  };
}

/** The organisations of these ids ('all': every one) by name, for the organizations header (001 §6). */
export async function organizationsNamed(db: Db, ids: 'all' | readonly number[]) {
  let q = db.selectFrom('organizations').select(['organization_id', 'organization_name']);
  if (ids !== 'all') q = q.where('organization_id', 'in', [...ids, 0]);
  return q.orderBy('organization_name').orderBy('organization_id').execute();
}
