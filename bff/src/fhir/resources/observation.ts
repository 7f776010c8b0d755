import type { Observation } from '@medplum/fhirtypes';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import type { FhirAccess } from '../access.js';
import { badParam, dateBound, type ParsedSearch, referenceId } from '../params.js';
import { decodeCursor, encodeCursor, numericId, type ResourceSource } from './source.js';

/**
 * Observations of the vital signs (US Core vital signs, decisions.md "FHIR R4 API"): one per reading, and one per
 * blood-pressure measurement with its systolic and diastolic readings as components (id: the systolic reading's).
 * CPAP values (AHI, usage, leaks) are therapy data, not vital signs, and are not served.
 */

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition';

interface Vital {
  readonly codes: readonly { code: string; display: string }[];
  readonly unit: string;
  readonly ucum: string;
  readonly profile?: string;
}

/** The vitals served, by vital_id (migration 0001's vitals). */
const VITALS: Readonly<Record<number, Vital>> = {
  1: {
    codes: [{ code: '85354-9', display: 'Blood pressure panel with all children optional' }],
    unit: 'mmHg',
    ucum: 'mm[Hg]',
    profile: `${US_CORE}/us-core-blood-pressure`,
  },
  3: {
    codes: [{ code: '8867-4', display: 'Heart rate' }],
    unit: '/min',
    ucum: '/min',
    profile: `${US_CORE}/us-core-heart-rate`,
  },
  4: {
    codes: [{ code: '29463-7', display: 'Body weight' }],
    unit: 'lb',
    ucum: '[lb_av]',
    profile: `${US_CORE}/us-core-body-weight`,
  },
  6: { codes: [{ code: '2339-0', display: 'Glucose [Mass/volume] in Blood' }], unit: 'mg/dL', ucum: 'mg/dL' },
  7: {
    codes: [
      { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
    ],
    unit: '%',
    ucum: '%',
    profile: `${US_CORE}/us-core-pulse-oximetry`,
  },
};
const SERVED = Object.keys(VITALS).map(Number);

/** Which vital a LOINC code searches (the components find their panel; body temperature 8310-5 has no device). */
const CODE_VITALS: Readonly<Record<string, number>> = {
  '85354-9': 1,
  '8480-6': 1,
  '8462-4': 1,
  '8867-4': 3,
  '29463-7': 4,
  '2339-0': 6,
  '59408-5': 7,
  '2708-6': 7,
};

const CATEGORY = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/observation-category',
      code: 'vital-signs',
      display: 'Vital Signs',
    },
  ],
  text: 'Vital Signs',
};

interface Row {
  reading_id: string;
  patient_id: number;
  vital_id: number;
  value: string;
  taken_at: Date;
  diastolic: string | null;
  inventory_id: number;
}

const quantity = (value: number, vital: Vital) => ({
  value,
  unit: vital.unit,
  system: UCUM,
  code: vital.ucum,
});

function toObservation(row: Row): Observation {
  const vital = VITALS[row.vital_id] as Vital;
  const base: Observation = {
    resourceType: 'Observation',
    id: String(row.reading_id),
    ...(vital.profile ? { meta: { profile: [vital.profile] } } : {}),
    status: 'final',
    category: [CATEGORY],
    code: { coding: vital.codes.map((c) => ({ system: LOINC, ...c })), text: vital.codes[0]?.display ?? '' },
    subject: { reference: `Patient/${row.patient_id}` },
    effectiveDateTime: new Date(row.taken_at).toISOString(),
    device: { reference: `Device/${row.inventory_id}` },
  };
  if (row.vital_id !== 1) return { ...base, valueQuantity: quantity(Number(row.value), vital) };
  const bp = VITALS[1] as Vital;
  return {
    ...base,
    component: [
      {
        code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] },
        valueQuantity: quantity(Number(row.value), bp),
      },
      row.diastolic === null
        ? {
            code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] },
            dataAbsentReason: {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'unknown' },
              ],
            },
          }
        : {
            code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] },
            valueQuantity: quantity(Number(row.diastolic), bp),
          },
    ],
  };
}

/** The readings served, with the caller's scope and `where`, newest first (or oldest), `limit` of them. */
async function rows(
  db: Db,
  access: FhirAccess,
  where: RawBuilder<SqlBool>,
  limit: number,
  ascending = false,
): Promise<Row[]> {
  const order = ascending ? sql`r.taken_at asc, r.reading_id asc` : sql`r.taken_at desc, r.reading_id desc`;
  const result = await sql<Row>`
    select r.reading_id, r.patient_id, r.vital_id, r.value, r.taken_at, da.inventory_id,
      (select d2.value from readings d2 where r.vital_id = 1 and d2.patient_id = r.patient_id
        and d2.device_assign_id = r.device_assign_id and d2.taken_at = r.taken_at and d2.vital_id = 2 limit 1)
        as diastolic
    from readings r
    join patients p on p.patient_id = r.patient_id
    join device_assignments da on da.device_assign_id = r.device_assign_id
    where r.vital_id in (${sql.join(SERVED)}) and ${access.patientVisible('p')} and ${where}
    order by ${order}
    limit ${limit}`.execute(db);
  return result.rows;
}

/** Observation search's conditions from its parameters (400 naming a bad one). */
function conditions(search: ParsedSearch): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  const ids = search.values.get('_id');
  if (ids) {
    const numbers = ids
      .flatMap((v) => v.split(','))
      .map(numericId)
      .filter((n): n is number => n !== null);
    where.push(numbers.length ? sql<SqlBool>`r.reading_id in (${sql.join(numbers)})` : sql<SqlBool>`false`);
  }
  const patient = search.values.get('patient');
  if (patient)
    where.push(sql<SqlBool>`r.patient_id = ${referenceId('patient', patient[0] as string, 'Patient')}`);
  const category = search.values.get('category');
  if (category) {
    const code = (category[0] as string).split('|').pop();
    if (code !== 'vital-signs') where.push(sql<SqlBool>`false`);
  }
  const code = search.values.get('code');
  if (code) {
    const vitals = (code[0] as string)
      .split(',')
      .map((token) => {
        const [system, value] = token.includes('|') ? token.split('|') : [LOINC, token];
        return system === LOINC || system === '' ? CODE_VITALS[value as string] : undefined;
      })
      .filter((v): v is number => v !== undefined);
    where.push(vitals.length ? sql<SqlBool>`r.vital_id in (${sql.join(vitals)})` : sql<SqlBool>`false`);
  }
  for (const value of search.values.get('date') ?? []) {
    const b = dateBound('date', value);
    const at = sql.ref('r.taken_at');
    where.push(
      b.op === 'ge'
        ? sql<SqlBool>`${at} >= ${b.from}`
        : b.op === 'gt'
          ? sql<SqlBool>`${at} >= ${b.to}`
          : b.op === 'le'
            ? sql<SqlBool>`${at} < ${b.to}`
            : b.op === 'lt'
              ? sql<SqlBool>`${at} < ${b.from}`
              : sql<SqlBool>`${at} >= ${b.from} and ${at} < ${b.to}`,
    );
  }
  return where;
}

export const observationSource: ResourceSource = {
  async read(db, access, id) {
    const readingId = numericId(id);
    if (readingId === null) return null;
    const [row] = await rows(db, access, sql<SqlBool>`r.reading_id = ${readingId}`, 1);
    return row ? toObservation(row) : null;
  },
  async search(db, access, search) {
    const where = conditions(search);
    const key = decodeCursor(search.cursor, 2);
    if (key) {
      const [at, id] = key;
      if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof id !== 'number')
        throw badParam('_cursor', '_cursor is not a cursor this server gave');
      where.push(
        search.sortAscending
          ? sql<SqlBool>`(r.taken_at, r.reading_id) > (${new Date(at)}, ${id})`
          : sql<SqlBool>`(r.taken_at, r.reading_id) < (${new Date(at)}, ${id})`,
      );
    }
    const all = where.length ? sql.join(where, sql` and `) : sql`true`;
    const found = await rows(db, access, sql<SqlBool>`${all}`, search.count + 1, search.sortAscending);
    const page = found.slice(0, search.count);
    const last = page[page.length - 1];
    return {
      resources: page.map(toObservation),
      next:
        found.length > search.count && last
          ? encodeCursor([new Date(last.taken_at).toISOString(), Number(last.reading_id)])
          : null,
    };
  },
};
