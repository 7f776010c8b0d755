import { getSleepBillingConfig, hstBillingList, saveAthenaVitals, saveHstBillingPrices } from '@rpm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { sleepConfigWorld } from './sleep-config-test-world.js';

const w = sleepConfigWorld();

describe('HST Billing Configuration (000 §2.4 hst-billing-config, athena-vitals-config)', () => {
  beforeAll(async () => {
    // A signed HST of a Riverside patient: a line the biller's HST billing list bills.
    const patient = await w.t.db
      .selectFrom('patients as p')
      .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
      .select('p.patient_id')
      .where('pr.organization_id', '=', w.riverside)
      .executeTakeFirstOrThrow();
    const at = w.t.clock.now();
    const study = await w.t.db
      .insertInto('sleep_studies')
      .values({
        patient_id: patient.patient_id,
        kind: 'hst',
        status: 'interpreted',
        reader_id: w.admin.user.user_id,
        ordered_at: at,
        recorded_on: '2026-10-01',
        created_at: at,
      })
      .returning('study_id')
      .executeTakeFirstOrThrow();
    await w.t.db
      .insertInto('sleep_interpretations')
      .values({
        study_id: study.study_id,
        updated_by: w.admin.user.user_id,
        updated_at: at,
        signed_by: w.admin.user.user_id,
        signed_at: at,
      })
      .execute();
  });

  it('sets and clears prices of the caller’s organisation; the HST billing list bills them', async () => {
    const saved = await injectCall(
      w.t.app,
      saveHstBillingPrices,
      { body: { organization_id: w.riverside, prices: [{ cpt_code: '95800', price: 199.5 }] } },
      w.biller,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const config = await injectCall(w.t.app, getSleepBillingConfig, { query: {} }, w.biller);
    expect(config.json().data.organization_id).toBe(w.riverside);
    expect(config.json().data.prices.find((p: { cpt_code: string }) => p.cpt_code === '95800').price).toBe(
      199.5,
    );
    const lines = (
      await injectCall(w.t.app, hstBillingList.calls.list, { query: { rowsPerPage: 100 } }, w.biller)
    ).json().data as { amount: number | null }[];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.amount).toBe(199.5);
    await injectCall(
      w.t.app,
      saveHstBillingPrices,
      { body: { organization_id: w.riverside, prices: [{ cpt_code: '95800', price: null }] } },
      w.biller,
    );
    const cleared = await injectCall(w.t.app, getSleepBillingConfig, { query: {} }, w.biller);
    expect(
      cleared.json().data.prices.find((p: { cpt_code: string }) => p.cpt_code === '95800').price,
    ).toBeNull();
  });

  it('sets the vitals sent to Athena', async () => {
    const saved = await injectCall(
      w.t.app,
      saveAthenaVitals,
      { body: { organization_id: w.riverside, vital_ids: [1, 5] } },
      w.biller,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const vitals = (await injectCall(w.t.app, getSleepBillingConfig, { query: {} }, w.biller)).json().data
      .vitals as { vital_id: number; send: boolean }[];
    expect(vitals.filter((v) => v.send).map((v) => v.vital_id)).toEqual([1, 5]);
  });

  it('refuses another organisation as unknown and bad prices or vitals naming the field, writing nothing', async () => {
    const before = await rowCounts(w.t.db, ['hst_billing_prices', 'athena_vital_exports', 'audit_log']);
    const foreign = await injectCall(
      w.t.app,
      getSleepBillingConfig,
      { query: { organization_id: w.lakeside } },
      w.biller,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('organization_id');
    const foreignSave = await injectCall(
      w.t.app,
      saveHstBillingPrices,
      { body: { organization_id: w.lakeside, prices: [{ cpt_code: '95800', price: 1 }] } },
      w.biller,
    );
    expect(foreignSave.statusCode).toBe(404);
    for (const prices of [
      [{ cpt_code: '95800', price: -1 }],
      [{ cpt_code: '99999', price: 1 }],
      [{ cpt_code: '95800', price: 1.005 }],
    ]) {
      const res = await injectUnchecked(
        w.t.app,
        saveHstBillingPrices,
        { body: { organization_id: w.riverside, prices } },
        w.biller,
      );
      expect(res.statusCode, JSON.stringify(prices)).toBe(400);
      expect(res.json().field).toMatch(/^prices/);
    }
    const unknownVital = await injectCall(
      w.t.app,
      saveAthenaVitals,
      { body: { organization_id: w.riverside, vital_ids: [999] } },
      w.biller,
    );
    expect(unknownVital.statusCode).toBe(400);
    expect(unknownVital.json().field).toBe('vital_ids');
    expect(await rowCounts(w.t.db, ['hst_billing_prices', 'athena_vital_exports', 'audit_log'])).toEqual(
      before,
    );
  });
});
