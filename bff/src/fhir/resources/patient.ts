import type { Patient } from '@medplum/fhirtypes';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { FhirError } from '../outcome.js';
import { badParam, dateBound, type ParsedSearch } from '../params.js';
import { decodeCursor, encodeCursor, idsOf, numericId, type ResourceSource } from './source.js';

/** Identifier systems of the product's own ids (decisions.md "FHIR R4 API"). */
const MRN_SYSTEM = 'urn:rpm:mrn';
const GENDER = { M: 'male', F: 'female', O: 'other', U: 'unknown' } as const;

interface Row {
  patient_id: number;
  organization_id: number;
  firstname: string;
  lastname: string;
  dob: string;
  gender: keyof typeof GENDER;
  mobile: string | null;
  phone: string | null;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  mrn: string | null;
  deactivated_at: Date | null;
  merged_into_id: number | null;
  updated_at: Date;
}

function toPatient(row: Row): Patient {
  const line = [row.address_line1, row.address_line2].filter((l): l is string => Boolean(l));
  const telecom = [
    ...(row.mobile ? [{ system: 'phone' as const, value: row.mobile, use: 'mobile' as const }] : []),
    ...(row.phone ? [{ system: 'phone' as const, value: row.phone, use: 'home' as const }] : []),
    ...(row.email ? [{ system: 'email' as const, value: row.email }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: String(row.patient_id),
    meta: {
      lastUpdated: new Date(row.updated_at).toISOString(),
      profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient'],
    },
    identifier: [
      ...(row.mrn
        ? [
            {
              use: 'usual' as const,
              type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
              system: MRN_SYSTEM,
              value: row.mrn,
            },
          ]
        : []),
      { use: 'secondary', system: 'urn:rpm:patient-id', value: String(row.patient_id) },
    ],
    active: row.deactivated_at === null,
    name: [{ use: 'official', family: row.lastname, given: [row.firstname] }],
    ...(telecom.length ? { telecom } : {}),
    gender: GENDER[row.gender],
    birthDate:
      typeof row.dob === 'string' ? row.dob.slice(0, 10) : new Date(row.dob).toISOString().slice(0, 10),
    ...(line.length || row.city
      ? {
          address: [
            {
              ...(line.length ? { line } : {}),
              ...(row.city ? { city: row.city } : {}),
              ...(row.state ? { state: row.state } : {}),
              ...(row.zip ? { postalCode: row.zip } : {}),
            },
          ],
        }
      : {}),
    managingOrganization: { reference: `Organization/org-${row.organization_id}` },
  };
}

const COLUMNS = sql`p.patient_id, p.organization_id, p.firstname, p.lastname, p.dob::text as dob, p.gender, p.mobile,
  p.phone, p.email, p.address_line1, p.address_line2, p.city, p.state, p.zip, p.mrn, p.deactivated_at,
  p.merged_into_id, p.updated_at`;

function conditions(search: ParsedSearch): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [sql<SqlBool>`p.merged_into_id is null`];
  const ids = idsOf(search);
  if (ids) where.push(ids.length ? sql<SqlBool>`p.patient_id in (${sql.join(ids)})` : sql<SqlBool>`false`);
  const identifier = search.values.get('identifier')?.[0];
  if (identifier !== undefined) {
    const [system, value] = identifier.includes('|') ? identifier.split('|') : ['', identifier];
    if (!value) throw badParam('identifier', 'identifier must be {system}|{value} or {value}');
    if (system === '' || system === MRN_SYSTEM)
      where.push(sql<SqlBool>`lower(p.mrn) = ${value.toLowerCase()}`);
    else if (system === 'urn:rpm:patient-id')
      where.push(sql<SqlBool>`p.patient_id = ${numericId(value) ?? 0}`);
    else where.push(sql<SqlBool>`false`);
  }
  const name = search.values.get('name')?.[0];
  if (name !== undefined) {
    const prefix = `${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql<SqlBool>`(lower(p.lastname) like ${prefix} or lower(p.firstname) like ${prefix})`);
  }
  for (const value of search.values.get('birthdate') ?? []) {
    const b = dateBound('birthdate', value);
    const day = b.from.toISOString().slice(0, 10);
    const op = { eq: '=', ge: '>=', le: '<=', gt: '>', lt: '<' }[b.op];
    where.push(sql<SqlBool>`p.dob ${sql.raw(op)} ${day}::date`);
  }
  for (const value of search.values.get('_lastUpdated') ?? []) {
    const b = dateBound('_lastUpdated', value);
    const at = sql.ref('p.updated_at');
    where.push(
      b.op === 'ge' || b.op === 'gt'
        ? sql<SqlBool>`${at} >= ${b.op === 'ge' ? b.from : b.to}`
        : b.op === 'le' || b.op === 'lt'
          ? sql<SqlBool>`${at} < ${b.op === 'le' ? b.to : b.from}`
          : sql<SqlBool>`${at} >= ${b.from} and ${at} < ${b.to}`,
    );
  }
  return where;
}

export const patientSource: ResourceSource = {
  async read(db, access, id) {
    const patientId = numericId(id);
    if (patientId === null) return null;
    const result = await sql<Row>`select ${COLUMNS} from patients p
      where p.patient_id = ${patientId} and ${access.patientVisible('p')}`.execute(db);
    const row = result.rows[0];
    if (!row) return null;
    if (row.merged_into_id !== null)
      throw new FhirError(410, 'deleted', `Patient/${id} was merged into Patient/${row.merged_into_id}.`);
    return toPatient(row);
  },
  async search(db, access, search) {
    const where = conditions(search);
    const key = decodeCursor(search.cursor, 1);
    if (key) where.push(sql<SqlBool>`p.patient_id > ${Number(key[0])}`);
    const result = await sql<Row>`select ${COLUMNS} from patients p
      where ${access.patientVisible('p')} and ${sql.join(where, sql` and `)}
      order by p.patient_id limit ${search.count + 1}`.execute(db);
    const page = result.rows.slice(0, search.count);
    const last = page[page.length - 1];
    return {
      resources: page.map(toPatient),
      next: result.rows.length > search.count && last ? encodeCursor([last.patient_id]) : null,
    };
  },
};
