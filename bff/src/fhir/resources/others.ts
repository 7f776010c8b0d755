import type { CarePlan, Condition, Device, Location, Organization, Practitioner } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { type SimpleType, simpleSource } from './simple.js';
import type { ResourceSource } from './source.js';

/**
 * Practitioner, Organization, Location, Device, Condition and CarePlan from the product's tables (decisions.md
 * "FHIR R4 API"). Each select is wrapped so the key column `k` can be filtered: the scope sits inside.
 */

const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition';
/** Roles whose users are Practitioners: clinicians and care staff (not billers, sales, schedulers, technicians). */
const PRACTITIONER_ROLES = [3, 5, 6, 8, 9, 13];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const iso = (at: Date | string) => new Date(at).toISOString();

interface OrgRow {
  k: number;
  name: string;
  organization_id: number | null;
}
const organizations: SimpleType<OrgRow> = {
  prefix: 'org-',
  select: (
    access,
    where,
    limit,
  ) => sql`select * from (select o.organization_id as k, o.organization_name as name,
      null::int as organization_id from organizations o where ${access.organizationVisible('o.organization_id')}) x
    where ${where} order by k limit ${limit}`,
  map: (row): Organization => ({
    resourceType: 'Organization',
    id: `org-${row.k}`,
    meta: { profile: [`${US_CORE}/us-core-organization`] },
    active: true,
    name: row.name,
  }),
};
const practices: SimpleType<OrgRow> = {
  prefix: 'practice-',
  select: (access, where, limit) => sql`select * from (select p.practice_id as k, p.practice_name as name,
      p.organization_id from practices p where ${access.organizationVisible('p.organization_id')}) x
    where ${where} order by k limit ${limit}`,
  map: (row): Organization => ({
    resourceType: 'Organization',
    id: `practice-${row.k}`,
    meta: { profile: [`${US_CORE}/us-core-organization`] },
    active: true,
    name: row.name,
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }] }],
    partOf: { reference: `Organization/org-${row.organization_id}` },
  }),
};
export const organizationSource: ResourceSource = simpleSource([organizations, practices]);

interface LocationRow {
  k: number;
  name: string;
  practice_id: number;
}
export const locationSource: ResourceSource = simpleSource<LocationRow>([
  {
    prefix: '',
    select: (access, where, limit) => sql`select * from (select l.location_id as k, l.location_name as name,
        l.practice_id from locations l join practices p on p.practice_id = l.practice_id
        where ${access.organizationVisible('p.organization_id')}) x
      where ${where} order by k limit ${limit}`,
    map: (row): Location => ({
      resourceType: 'Location',
      id: String(row.k),
      meta: { profile: [`${US_CORE}/us-core-location`] },
      status: 'active',
      name: row.name,
      managingOrganization: { reference: `Organization/practice-${row.practice_id}` },
    }),
  },
]);

interface PractitionerRow {
  k: number;
  firstname: string;
  lastname: string;
  phone: string | null;
}
export const practitionerSource: ResourceSource = simpleSource<PractitionerRow>([
  {
    prefix: '',
    select: (
      access,
      where,
      limit,
    ) => sql`select * from (select u.user_id as k, u.firstname, u.lastname, u.phone
        from users u where u.active and ${access.organizationVisible('u.organization_id')}
        and exists (select 1 from user_roles ur where ur.user_id = u.user_id
          and ur.role_id in (${sql.join(PRACTITIONER_ROLES)}))) x
      where ${where} order by k limit ${limit}`,
    map: (row): Practitioner => ({
      resourceType: 'Practitioner',
      id: String(row.k),
      meta: { profile: [`${US_CORE}/us-core-practitioner`] },
      identifier: [{ system: 'urn:rpm:user-id', value: String(row.k) }],
      active: true,
      name: [{ family: row.lastname, given: [row.firstname] }],
      ...(row.phone
        ? { telecom: [{ system: 'phone' as const, value: row.phone, use: 'work' as const }] }
        : {}),
    }),
  },
]);

interface DeviceRow {
  k: number;
  imei: string;
  device_name: string;
  device_type: string;
  status: string;
  patient_id: number | null;
}
export const deviceSource: ResourceSource = simpleSource<DeviceRow>([
  {
    prefix: '',
    select: (access, where, limit) => sql`select * from (select d.inventory_id as k, d.imei, d.device_name,
        t.device_type, d.status, cur.patient_id
        from devices d join device_types t on t.device_type_id = d.device_type_id
        left join lateral (select da.patient_id from device_assignments da join patients p on p.patient_id = da.patient_id
          where da.inventory_id = d.inventory_id and da.unassigned_at is null and ${access.patientVisible('p')}
          limit 1) cur on true
        where ${access.organizationVisible('d.organization_id')}) x
      where ${where} order by k limit ${limit}`,
    map: (row): Device => ({
      resourceType: 'Device',
      id: String(row.k),
      identifier: [{ system: 'urn:rpm:imei', value: row.imei }],
      status: row.status === 'deactivated' ? 'inactive' : 'active',
      deviceName: [{ name: row.device_name, type: 'user-friendly-name' }],
      type: { text: row.device_type },
      ...(row.patient_id === null ? {} : { patient: { reference: `Patient/${row.patient_id}` } }),
    }),
  },
]);

interface ConditionRow {
  k: number;
  patient_id: number;
  icd10_code: string;
  description: string;
  resolved_at: Date | null;
  created_at: Date;
}
export const conditionSource: ResourceSource = simpleSource<ConditionRow>([
  {
    prefix: '',
    select: (
      access,
      where,
      limit,
    ) => sql`select * from (select pd.diagnosis_id as k, pd.patient_id, pd.icd10_code,
        pd.description, pd.resolved_at, pd.created_at
        from patient_diagnoses pd join patients p on p.patient_id = pd.patient_id
        where ${access.patientVisible('p')} and p.merged_into_id is null) x
      where ${where} order by k limit ${limit}`,
    map: (row): Condition => ({
      resourceType: 'Condition',
      id: String(row.k),
      meta: { profile: [`${US_CORE}/us-core-condition-problems-health-concerns`] },
      clinicalStatus: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
            code: row.resolved_at ? 'resolved' : 'active',
          },
        ],
      },
      verificationStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }],
      },
      category: [
        {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' },
          ],
        },
      ],
      code: {
        coding: [
          { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: row.icd10_code, display: row.description },
        ],
        text: row.description,
      },
      subject: { reference: `Patient/${row.patient_id}` },
      recordedDate: iso(row.created_at),
      ...(row.resolved_at ? { abatementDateTime: iso(row.resolved_at) } : {}),
    }),
  },
]);

interface CarePlanRow {
  k: number;
  patient_id: number;
  version: number;
  latest: number;
  created_at: Date;
  signed_at: Date | null;
  author_id: number;
}
export const carePlanSource: ResourceSource = simpleSource<CarePlanRow>([
  {
    prefix: '',
    select: (
      access,
      where,
      limit,
    ) => sql`select * from (select v.care_plan_version_id as k, v.patient_id, v.version,
        max(v.version) over (partition by v.patient_id) as latest, v.created_at, v.signed_at, v.author_id
        from care_plan_versions v join patients p on p.patient_id = v.patient_id
        where ${access.patientVisible('p')} and p.merged_into_id is null) x
      where ${where} order by k limit ${limit}`,
    map: (row): CarePlan => {
      const current = row.version === row.latest;
      const status = current ? (row.signed_at ? 'active' : 'draft') : 'completed';
      const signed = row.signed_at ? `signed ${iso(row.signed_at).slice(0, 10)}` : 'not signed';
      return {
        resourceType: 'CarePlan',
        id: String(row.k),
        meta: { profile: [`${US_CORE}/us-core-careplan`] },
        identifier: [{ system: 'urn:rpm:care-plan-version', value: `${row.patient_id}-${row.version}` }],
        text: {
          status: 'generated',
          div: `<div xmlns="http://www.w3.org/1999/xhtml">${escapeHtml(`Care plan version ${row.version}, ${signed}.`)}</div>`,
        },
        status,
        intent: 'plan',
        category: [
          {
            coding: [
              { system: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category', code: 'assess-plan' },
            ],
          },
        ],
        subject: { reference: `Patient/${row.patient_id}` },
        period: { start: iso(row.created_at) },
        created: iso(row.created_at),
        author: { reference: `Practitioner/${row.author_id}` },
      };
    },
  },
]);
