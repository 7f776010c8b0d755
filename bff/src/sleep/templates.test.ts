import {
  addInterpretationTemplate,
  getSleepTest,
  interpretationTemplatesList,
  setInterpretationTemplateActive,
  sleepBillingReportList,
  updateInterpretationTemplate,
} from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { type Signed, sleepConfigWorld } from './sleep-config-test-world.js';

const w = sleepConfigWorld();

const TEMPLATE = {
  name: 'Mild OSA, oral appliance',
  kind: 'hst',
  findings: 'AHI in the mild range.',
  impression: 'Mild obstructive sleep apnea.',
  recommendations: 'Refer for an oral appliance.',
} as const;

/** An HST of the reader's organisation, for the interpretation view's template picker. */
async function lakesideHst(): Promise<number> {
  const row = await w.t.db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .innerJoin('user_practices as up', 'up.practice_id', 'pr.practice_id')
    .select('s.study_id')
    .where('s.kind', '=', 'hst')
    .where('up.user_id', '=', w.reader.user.user_id)
    .executeTakeFirstOrThrow();
  return row.study_id;
}

describe('Custom Interpretation Config (000 §2.4 interpretation-customs; issue 15 §3)', () => {
  it('creates, edits and deactivates a template of the caller’s organisation; the picker follows', async () => {
    const before = await rowCounts(w.t.db, ['interpretation_templates', 'audit_log']);
    const created = await injectCall(
      w.t.app,
      addInterpretationTemplate,
      {
        body: { ...TEMPLATE, organization_id: w.lakeside },
        headers: { 'idempotency-key': 'template-mild-osa-1' },
      },
      w.reader,
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.template_id as number;
    const after = await rowCounts(w.t.db, ['interpretation_templates', 'audit_log']);
    expect(after.interpretation_templates).toBe(before.interpretation_templates + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);

    const study = await lakesideHst();
    const picker = async () =>
      (await injectCall(w.t.app, getSleepTest, { query: { test_id: study } }, w.reader)).json().data
        .templates as {
        template_id: number;
        name: string;
      }[];
    expect((await picker()).find((p) => p.template_id === id)?.name).toBe(TEMPLATE.name);

    const edited = await injectCall(
      w.t.app,
      updateInterpretationTemplate,
      { body: { ...TEMPLATE, name: 'Mild OSA', template_id: id } },
      w.reader,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await picker()).find((p) => p.template_id === id)?.name).toBe('Mild OSA');

    const off = await injectCall(
      w.t.app,
      setInterpretationTemplateActive,
      { body: { template_id: id, active: false } },
      w.reader,
    );
    expect(off.json().message).toBe('Template deactivated.');
    expect((await picker()).map((p) => p.template_id)).not.toContain(id);
    // The list shows active templates by default; 'Inactive' shows it.
    const listed = async (status: string) =>
      (
        await injectCall(
          w.t.app,
          interpretationTemplatesList.calls.list,
          { query: { status } as never },
          w.reader,
        )
      )
        .json()
        .data.map((r: { template_id: number }) => r.template_id);
    expect(await listed('Active')).not.toContain(id);
    expect(await listed('Inactive')).toContain(id);
  });

  it('refuses another organisation as unknown, a shared template to non-administrators, and bad fields', async () => {
    const foreign = await injectCall(
      w.t.app,
      addInterpretationTemplate,
      { body: { ...TEMPLATE, organization_id: w.riverside } },
      w.reader,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('organization_id');
    const shared = await w.t.db
      .selectFrom('interpretation_templates')
      .select('template_id')
      .where('organization_id', 'is', null)
      .executeTakeFirstOrThrow();
    const body = { ...TEMPLATE, template_id: shared.template_id };
    const byReader = await injectCall(w.t.app, updateInterpretationTemplate, { body }, w.reader);
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().message).toBe(
      'Only an administrator may change a template shared with every organization.',
    );
    expect((await injectCall(w.t.app, updateInterpretationTemplate, { body }, w.admin)).statusCode).toBe(200);
    const before = await rowCounts(w.t.db, ['interpretation_templates', 'audit_log']);
    for (const [field, value] of [
      ['name', '  '],
      ['name', 'x'.repeat(101)],
      ['kind', 'ecg'],
      ['findings', 'x'.repeat(4001)],
    ] as const) {
      const res = await injectUnchecked(
        w.t.app,
        addInterpretationTemplate,
        { body: { ...TEMPLATE, organization_id: w.lakeside, [field]: value } },
        w.reader,
      );
      expect(res.statusCode, `${field}=${value.slice(0, 10)}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await rowCounts(w.t.db, ['interpretation_templates', 'audit_log'])).toEqual(before);
  });
});

describe('Sleep Billing Report types by role (001 §2.4)', () => {
  const report = (as: Signed, type?: string) =>
    injectCall(
      w.t.app,
      sleepBillingReportList.calls.list,
      { query: (type === undefined ? { rowsPerPage: 100 } : { type, rowsPerPage: 100 }) as never },
      as,
    );

  it('refuses type 1 (HST) to role 16 naming the field, and shows role 16 interpretations only', async () => {
    const refused = await report(w.reader, '1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('type');
    const all = await report(w.reader);
    expect(all.statusCode).toBe(200);
    const types = new Set(all.json().data.map((r: { type: string }) => r.type));
    expect([...types]).toEqual(['Interpretation']);
  });

  it('shows role 17 both types, each with its CPT code', async () => {
    const hst = await report(w.coordinator, '1');
    expect(hst.statusCode).toBe(200);
    expect(hst.json().count).toBeGreaterThan(0);
    for (const row of hst.json().data)
      expect(row).toMatchObject({ type: 'HST', kind: 'HST', cpt_code: '95800' });
    const types = new Set((await report(w.coordinator)).json().data.map((r: { type: string }) => r.type));
    expect(types).toContain('HST');
    expect(types).toContain('Interpretation');
  });

  it('bills type 3 (Consultation): completed consults only, by consult type, at the organisation’s price', async () => {
    const { patient_id } = await w.t.db
      .selectFrom('patients as p')
      .innerJoin('user_practices as up', 'up.practice_id', 'p.practice_id')
      .select('p.patient_id')
      .where('up.user_id', '=', w.reader.user.user_id)
      .orderBy('p.patient_id')
      .executeTakeFirstOrThrow();
    const at = new Date(w.t.clock.now().getTime() - 3 * 86_400_000);
    const by = w.admin.user.user_id;
    const consult = (consult_type: number, status: 2 | 3, cancelled: boolean) => ({
      patient_id,
      physician_id: w.reader.user.user_id,
      consult_type,
      status,
      scheduled_at: at,
      duration_minutes: 30,
      created_by: by,
      created_at: at,
      updated_by: by,
      updated_at: at,
      cancelled_by: cancelled ? by : null,
      cancelled_at: cancelled ? at : null,
    });
    const ids = await w.t.db
      .insertInto('sleep_consults')
      .values([consult(1, 3, false), consult(4, 3, false), consult(5, 2, false), consult(3, 3, true)])
      .returning('consult_id')
      .execute();
    const lineOf = (k: number) => (ids[k]?.consult_id ?? 0) * 10 + 3;
    await w.t.db
      .insertInto('hst_billing_prices')
      .values({
        organization_id: w.lakeside,
        cpt_code: '99204',
        price_cents: 17_550,
        updated_by: by,
        updated_at: at,
      })
      .execute();
    const lines = await injectCall(
      w.t.app,
      sleepBillingReportList.calls.list,
      { query: { type: '3', search: String(patient_id), rowsPerPage: 100 } as never },
      w.reader,
    );
    expect(lines.statusCode).toBe(200);
    const ours = lines
      .json()
      .data.filter((r: { line_id: number }) => ids.some((_c, k) => r.line_id === lineOf(k)))
      .sort((a: { line_id: number }, b: { line_id: number }) => a.line_id - b.line_id);
    // The scheduled and the cancelled consult bill nothing; an evaluation bills 99204 at its price.
    expect(ours).toEqual([
      expect.objectContaining({
        line_id: lineOf(0),
        study_id: null,
        type: 'Consultation',
        kind: 'Evaluation',
        cpt_code: '99204',
        status: 'Completed',
        service_date: at.toISOString().slice(0, 10),
        amount: 175.5,
      }),
      expect.objectContaining({
        line_id: lineOf(1),
        kind: 'Insertion',
        cpt_code: 'E0486',
        amount: null,
      }),
    ]);
    const types = new Set((await report(w.reader)).json().data.map((r: { type: string }) => r.type));
    expect(types).toEqual(new Set(['Interpretation', 'Consultation']));
  });
});
