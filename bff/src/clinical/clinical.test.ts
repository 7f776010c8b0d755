import { addDiagnosis, getBillingDetails, getPatientClinical, updateDiagnosis } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChartWorld, type Signed, startChartWorld, stripMonth } from '../chart/chart-test-world.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld({ history: true });
});
afterAll(async () => w.t.close());

const TABLES = [
  'patient_diagnoses',
  'patient_medications',
  'patient_allergies',
  'patients',
  'audit_log',
] as const;
type Dx = { icd10_code: string; description: string; is_primary: boolean };
const addDx = (body: Dx, who: Signed = w.nurse, key?: string) =>
  injectCall(
    w.t.app,
    addDiagnosis,
    { body: { patient_id: w.patient, ...body }, headers: key ? { 'idempotency-key': key } : {} },
    who,
  );
const editDx = (body: {
  diagnosis_id: number;
  description: string;
  is_primary: boolean;
  resolved: boolean;
}) => injectUnchecked(w.t.app, updateDiagnosis, { body }, w.nurse);
const clinical = async () =>
  (await injectCall(w.t.app, getPatientClinical, { query: { patient_id: w.patient } }, w.nurse)).json().data;
const storedCode = async () =>
  (
    await w.t.db
      .selectFrom('patients')
      .select('diagnosis_code')
      .where('patient_id', '=', w.patient)
      .executeTakeFirstOrThrow()
  ).diagnosis_code;
const lastAudit = () =>
  w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();

describe('diagnoses (issue 13 Clinical)', () => {
  it("makes the primary diagnosis the billing report's diagnosis code, and moves it with the flag", async () => {
    const htn = await addDx({ icd10_code: ' i10 ', description: 'Essential hypertension', is_primary: true });
    expect(htn.statusCode, htn.body).toBe(200);
    expect(htn.json().data).toMatchObject({ icd10_code: 'I10', is_primary: true, resolved_at: null });
    expect(await storedCode()).toBe('I10');
    const [month, year] = stripMonth(-3, 1).split('-').slice(0, 2).reverse();
    const report = await injectCall(
      w.t.app,
      getBillingDetails,
      {
        query: { rowsPerPage: 10, orderby: 'patient_id', order: 'desc' },
        headers: { month: String(Number(month)), year: String(year), practice: String(w.place.practiceId) },
      },
      w.admin,
    );
    const row = report.json().data.find((r: { patient_id: number }) => r.patient_id === w.patient);
    expect(row?.diagnosis_code).toBe('I10');

    const dm = await addDx({ icd10_code: 'E11.9', description: 'Type 2 diabetes', is_primary: true });
    expect(await storedCode()).toBe('E11.9');
    const list = await clinical();
    expect(list.diagnoses.map((d: Dx) => [d.icd10_code, d.is_primary])).toEqual([
      ['E11.9', true],
      ['I10', false],
    ]);
    // Taking the flag off leaves no primary: billing shows no code rather than a stale one.
    const dmId = dm.json().data.diagnosis_id;
    await editDx({ diagnosis_id: dmId, description: 'Type 2 diabetes', is_primary: false, resolved: false });
    expect(await storedCode()).toBeNull();
    await editDx({ diagnosis_id: dmId, description: 'Type 2 diabetes', is_primary: true, resolved: false });
    expect(await storedCode()).toBe('E11.9');
  });

  it('keeps a resolved diagnosis listed as resolved, audited with the values before', async () => {
    const copd = (await addDx({ icd10_code: 'J44.9', description: 'COPD', is_primary: false })).json().data;
    const res = await editDx({
      diagnosis_id: copd.diagnosis_id,
      description: 'COPD, mild',
      is_primary: false,
      resolved: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.resolved_at).toBe(w.t.clock.now().toISOString());
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'update_diagnosis', entity_id: String(copd.diagnosis_id) });
    expect(audit.detail).toMatchObject({ before: { description: 'COPD', resolved: false } });
    const listed = (await clinical()).diagnoses.find(
      (d: { diagnosis_id: number }) => d.diagnosis_id === copd.diagnosis_id,
    );
    expect(listed).toMatchObject({ description: 'COPD, mild', resolved_at: w.t.clock.now().toISOString() });
    // A resolved code may be added again as a new, open diagnosis.
    expect((await addDx({ icd10_code: 'J44.9', description: 'COPD', is_primary: false })).statusCode).toBe(
      200,
    );
  });

  it.each<[string, () => Promise<{ statusCode: number; json(): { field?: string } }>, number, string]>([
    [
      'a malformed ICD-10 code',
      () =>
        injectUnchecked(
          w.t.app,
          addDiagnosis,
          { body: { patient_id: w.patient, icd10_code: '110', description: 'x', is_primary: false } },
          w.nurse,
        ),
      400,
      'icd10_code',
    ],
    [
      'an empty description',
      () =>
        injectUnchecked(
          w.t.app,
          addDiagnosis,
          { body: { patient_id: w.patient, icd10_code: 'I48.91', description: '  ', is_primary: false } },
          w.nurse,
        ),
      400,
      'description',
    ],
    [
      'an open code twice',
      () =>
        injectUnchecked(
          w.t.app,
          addDiagnosis,
          { body: { patient_id: w.patient, icd10_code: 'I10', description: 'again', is_primary: false } },
          w.nurse,
        ),
      409,
      'icd10_code',
    ],
    [
      'a patient outside the practice',
      () =>
        injectUnchecked(
          w.t.app,
          addDiagnosis,
          { body: { patient_id: w.foreign, icd10_code: 'I10', description: 'x', is_primary: true } },
          w.nurse,
        ),
      404,
      'patient_id',
    ],
    [
      'a resolved primary',
      async () =>
        editDx({
          diagnosis_id: (await clinical()).diagnoses[0].diagnosis_id,
          description: 'x',
          is_primary: true,
          resolved: true,
        }),
      400,
      'is_primary',
    ],
  ])('refuses %s and writes nothing', async (_, send, status, field) => {
    const before = await rowCounts(w.t.db, TABLES);
    const code = await storedCode();
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, TABLES)).toEqual(before);
    expect(await storedCode()).toBe(code);
  });

  it("answers a foreign patient's diagnosis as an unknown one, and a retried add once", async () => {
    const foreign = await injectCall(
      w.t.app,
      addDiagnosis,
      { body: { patient_id: w.foreign, icd10_code: 'I50.9', description: 'HF', is_primary: true } },
      w.admin,
    );
    const id = foreign.json().data.diagnosis_id;
    const swap = await editDx({ diagnosis_id: id, description: 'x', is_primary: true, resolved: false });
    const unknown = await editDx({
      diagnosis_id: 2_147_483_000,
      description: 'x',
      is_primary: true,
      resolved: false,
    });
    expect([swap.statusCode, swap.json().field]).toEqual([404, 'diagnosis_id']);
    expect(swap.json().message).toBe(`Diagnosis ${id} does not exist.`);
    expect(unknown.statusCode).toBe(404);
    const key = 'clinical-retry-0001';
    const first = await addDx({ icd10_code: 'N18.3', description: 'CKD 3', is_primary: false }, w.nurse, key);
    const again = await addDx({ icd10_code: 'N18.3', description: 'CKD 3', is_primary: false }, w.nurse, key);
    expect(again.json().data.diagnosis_id).toBe(first.json().data.diagnosis_id);
  });
});
