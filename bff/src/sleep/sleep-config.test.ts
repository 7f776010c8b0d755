import {
  addInterpretationTemplate,
  getSleepBillingConfig,
  getSleepTest,
  hstBillingList,
  interpretationTemplatesList,
  saveAthenaVitals,
  saveHstBillingPrices,
  setInterpretationTemplateActive,
  sleepBillingReportList,
  updateInterpretationTemplate,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let reader: Signed; // role16@: Lakeside sleep reader
let coordinator: Signed; // role17@: Lakeside
let admin: Signed; // role1@
let biller: Signed; // role11@: Riverside biller with HST Billing Configuration
let lakeside: number;
let riverside: number;

const orgId = async (name: string) =>
  (
    await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_name', '=', name)
      .executeTakeFirstOrThrow()
  ).organization_id;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 40 });
  reader = await signIn(t.app, 'role16@demo.test');
  coordinator = await signIn(t.app, 'role17@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  biller = await signIn(t.app, 'role11@demo.test');
  lakeside = await orgId('Lakeside Sleep and Dental Center');
  riverside = await orgId('Riverside Family Health');
});
afterAll(async () => t.close());

const TEMPLATE = {
  name: 'Mild OSA, oral appliance',
  kind: 'hst',
  findings: 'AHI in the mild range.',
  impression: 'Mild obstructive sleep apnea.',
  recommendations: 'Refer for an oral appliance.',
} as const;

/** An HST of the reader's organisation, for the interpretation view's template picker. */
async function lakesideHst(): Promise<number> {
  const row = await t.db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .innerJoin('user_practices as up', 'up.practice_id', 'pr.practice_id')
    .select('s.study_id')
    .where('s.kind', '=', 'hst')
    .where('up.user_id', '=', reader.user.user_id)
    .executeTakeFirstOrThrow();
  return row.study_id;
}

describe('Custom Interpretation Config (000 §2.4 interpretation-customs; issue 15 §3)', () => {
  it('creates, edits and deactivates a template of the caller’s organisation; the picker follows', async () => {
    const before = await rowCounts(t.db, ['interpretation_templates', 'audit_log']);
    const created = await injectCall(
      t.app,
      addInterpretationTemplate,
      {
        body: { ...TEMPLATE, organization_id: lakeside },
        headers: { 'idempotency-key': 'template-mild-osa-1' },
      },
      reader,
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.template_id as number;
    const after = await rowCounts(t.db, ['interpretation_templates', 'audit_log']);
    expect(after.interpretation_templates).toBe(before.interpretation_templates + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);

    const study = await lakesideHst();
    const picker = async () =>
      (await injectCall(t.app, getSleepTest, { query: { test_id: study } }, reader)).json().data
        .templates as {
        template_id: number;
        name: string;
      }[];
    expect((await picker()).find((p) => p.template_id === id)?.name).toBe(TEMPLATE.name);

    const edited = await injectCall(
      t.app,
      updateInterpretationTemplate,
      { body: { ...TEMPLATE, name: 'Mild OSA', template_id: id } },
      reader,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await picker()).find((p) => p.template_id === id)?.name).toBe('Mild OSA');

    const off = await injectCall(
      t.app,
      setInterpretationTemplateActive,
      { body: { template_id: id, active: false } },
      reader,
    );
    expect(off.json().message).toBe('Template deactivated.');
    expect((await picker()).map((p) => p.template_id)).not.toContain(id);
    // The list shows active templates by default; 'Inactive' shows it.
    const listed = async (status: string) =>
      (
        await injectCall(
          t.app,
          interpretationTemplatesList.calls.list,
          { query: { status } as never },
          reader,
        )
      )
        .json()
        .data.map((r: { template_id: number }) => r.template_id);
    expect(await listed('Active')).not.toContain(id);
    expect(await listed('Inactive')).toContain(id);
  });

  it('refuses another organisation as unknown, a shared template to non-administrators, and bad fields', async () => {
    const foreign = await injectCall(
      t.app,
      addInterpretationTemplate,
      { body: { ...TEMPLATE, organization_id: riverside } },
      reader,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('organization_id');
    const shared = await t.db
      .selectFrom('interpretation_templates')
      .select('template_id')
      .where('organization_id', 'is', null)
      .executeTakeFirstOrThrow();
    const body = { ...TEMPLATE, template_id: shared.template_id };
    const byReader = await injectCall(t.app, updateInterpretationTemplate, { body }, reader);
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().message).toBe(
      'Only an administrator may change a template shared with every organization.',
    );
    expect((await injectCall(t.app, updateInterpretationTemplate, { body }, admin)).statusCode).toBe(200);
    const before = await rowCounts(t.db, ['interpretation_templates', 'audit_log']);
    for (const [field, value] of [
      ['name', '  '],
      ['name', 'x'.repeat(101)],
      ['kind', 'ecg'],
      ['findings', 'x'.repeat(4001)],
    ] as const) {
      const res = await injectUnchecked(
        t.app,
        addInterpretationTemplate,
        { body: { ...TEMPLATE, organization_id: lakeside, [field]: value } },
        reader,
      );
      expect(res.statusCode, `${field}=${value.slice(0, 10)}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await rowCounts(t.db, ['interpretation_templates', 'audit_log'])).toEqual(before);
  });
});

describe('Sleep Billing Report types by role (001 §2.4)', () => {
  const report = (as: Signed, type?: string) =>
    injectCall(
      t.app,
      sleepBillingReportList.calls.list,
      { query: (type === undefined ? { rowsPerPage: 100 } : { type, rowsPerPage: 100 }) as never },
      as,
    );

  it('refuses type 1 (HST) to role 16 naming the field, and shows role 16 interpretations only', async () => {
    const refused = await report(reader, '1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('type');
    const all = await report(reader);
    expect(all.statusCode).toBe(200);
    const types = new Set(all.json().data.map((r: { type: string }) => r.type));
    expect([...types]).toEqual(['Interpretation']);
  });

  it('shows role 17 both types, each with its CPT code', async () => {
    const hst = await report(coordinator, '1');
    expect(hst.statusCode).toBe(200);
    expect(hst.json().count).toBeGreaterThan(0);
    for (const row of hst.json().data)
      expect(row).toMatchObject({ type: 'HST', kind: 'HST', cpt_code: '95800' });
    const types = new Set((await report(coordinator)).json().data.map((r: { type: string }) => r.type));
    expect(types).toEqual(new Set(['HST', 'Interpretation']));
  });
});

describe('HST Billing Configuration (000 §2.4 hst-billing-config, athena-vitals-config)', () => {
  beforeAll(async () => {
    // A signed HST of a Riverside patient: a line the biller's HST billing list bills.
    const patient = await t.db
      .selectFrom('patients as p')
      .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
      .select('p.patient_id')
      .where('pr.organization_id', '=', riverside)
      .executeTakeFirstOrThrow();
    const at = t.clock.now();
    const study = await t.db
      .insertInto('sleep_studies')
      .values({
        patient_id: patient.patient_id,
        kind: 'hst',
        status: 'interpreted',
        reader_id: admin.user.user_id,
        ordered_at: at,
        recorded_on: '2026-10-01',
        created_at: at,
      })
      .returning('study_id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sleep_interpretations')
      .values({
        study_id: study.study_id,
        updated_by: admin.user.user_id,
        updated_at: at,
        signed_by: admin.user.user_id,
        signed_at: at,
      })
      .execute();
  });

  it('sets and clears prices of the caller’s organisation; the HST billing list bills them', async () => {
    const saved = await injectCall(
      t.app,
      saveHstBillingPrices,
      { body: { organization_id: riverside, prices: [{ cpt_code: '95800', price: 199.5 }] } },
      biller,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const config = await injectCall(t.app, getSleepBillingConfig, { query: {} }, biller);
    expect(config.json().data.organization_id).toBe(riverside);
    expect(config.json().data.prices.find((p: { cpt_code: string }) => p.cpt_code === '95800').price).toBe(
      199.5,
    );
    const lines = (
      await injectCall(t.app, hstBillingList.calls.list, { query: { rowsPerPage: 100 } }, biller)
    ).json().data as { amount: number | null }[];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.amount).toBe(199.5);
    await injectCall(
      t.app,
      saveHstBillingPrices,
      { body: { organization_id: riverside, prices: [{ cpt_code: '95800', price: null }] } },
      biller,
    );
    const cleared = await injectCall(t.app, getSleepBillingConfig, { query: {} }, biller);
    expect(
      cleared.json().data.prices.find((p: { cpt_code: string }) => p.cpt_code === '95800').price,
    ).toBeNull();
  });

  it('sets the vitals sent to Athena', async () => {
    const saved = await injectCall(
      t.app,
      saveAthenaVitals,
      { body: { organization_id: riverside, vital_ids: [1, 5] } },
      biller,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const vitals = (await injectCall(t.app, getSleepBillingConfig, { query: {} }, biller)).json().data
      .vitals as { vital_id: number; send: boolean }[];
    expect(vitals.filter((v) => v.send).map((v) => v.vital_id)).toEqual([1, 5]);
  });

  it('refuses another organisation as unknown and bad prices or vitals naming the field, writing nothing', async () => {
    const before = await rowCounts(t.db, ['hst_billing_prices', 'athena_vital_exports', 'audit_log']);
    const foreign = await injectCall(
      t.app,
      getSleepBillingConfig,
      { query: { organization_id: lakeside } },
      biller,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('organization_id');
    const foreignSave = await injectCall(
      t.app,
      saveHstBillingPrices,
      { body: { organization_id: lakeside, prices: [{ cpt_code: '95800', price: 1 }] } },
      biller,
    );
    expect(foreignSave.statusCode).toBe(404);
    for (const prices of [
      [{ cpt_code: '95800', price: -1 }],
      [{ cpt_code: '99999', price: 1 }],
      [{ cpt_code: '95800', price: 1.005 }],
    ]) {
      const res = await injectUnchecked(
        t.app,
        saveHstBillingPrices,
        { body: { organization_id: riverside, prices } },
        biller,
      );
      expect(res.statusCode, JSON.stringify(prices)).toBe(400);
      expect(res.json().field).toMatch(/^prices/);
    }
    const unknownVital = await injectCall(
      t.app,
      saveAthenaVitals,
      { body: { organization_id: riverside, vital_ids: [999] } },
      biller,
    );
    expect(unknownVital.statusCode).toBe(400);
    expect(unknownVital.json().field).toBe('vital_ids');
    expect(await rowCounts(t.db, ['hst_billing_prices', 'athena_vital_exports', 'audit_log'])).toEqual(
      before,
    );
  });
});
