import { z } from 'zod';
import { SLEEP_CPT_CODE_LIST, SLEEP_PRICE_MAX_USD, type SleepCptCode } from '../billing/sleep-codes.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/** HST Billing Configuration (000 §2.4): code prices and Athena vitals (decisions.md "HST billing configuration"). */

const cptCode = z.enum(SLEEP_CPT_CODE_LIST as [SleepCptCode, ...SleepCptCode[]]);
/** Dollars with at most two decimals; null clears the price. */
const price = z
  .number()
  .min(0)
  .max(SLEEP_PRICE_MAX_USD)
  .refine(
    (usd) => Number.isInteger(Math.round(usd * 100)) && Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6,
    {
      message: 'At most two decimals',
    },
  )
  .nullable();

export const sleepBillingConfig = z.object({
  organization_id: z.number().int(),
  /** The organisations the caller may configure. */
  organizations: z.array(z.object({ value: z.number().int(), label: z.string() })),
  prices: z.array(z.object({ cpt_code: cptCode, description: z.string(), price: z.number().nullable() })),
  vitals: z.array(
    z.object({ vital_id: z.number().int(), vital_type: z.string(), unit: z.string(), send: z.boolean() }),
  ),
});
export type SleepBillingConfig = z.infer<typeof sleepBillingConfig>;

export const getSleepBillingConfig = defineCall({
  method: 'GET',
  path: 'rpm/sleep/getHstBillingConfig',
  spec: "000 §2.4 'hst-billing-config', 'athena-vitals-config' (ours)",
  summary:
    "An organisation's HST prices and Athena vitals (the caller's first organisation without one named)",
  access: { page: 'HST Billing Configuration' },
  query: z.object({ organization_id: recordIdParam.optional() }),
  response: z.object({ status: z.number().int(), data: sleepBillingConfig }),
});

export const hstPricesBody = z.object({
  organization_id: recordId,
  prices: z
    .array(z.object({ cpt_code: cptCode, price }))
    .max(SLEEP_CPT_CODE_LIST.length)
    .refine((rows) => new Set(rows.map((r) => r.cpt_code)).size === rows.length, 'Each code once'),
});

export const saveHstBillingPrices = defineCall({
  method: 'POST',
  path: 'rpm/sleep/saveHstBillingPrices',
  spec: "000 §2.4 'hst-billing-config' (ours)",
  summary: "Sets an organisation's price per sleep CPT code (null clears one)",
  access: { page: 'HST Billing Configuration' },
  body: hstPricesBody,
  response: okAnswer,
});

export const saveAthenaVitals = defineCall({
  method: 'POST',
  path: 'rpm/sleep/saveAthenaVitals',
  spec: "000 §2.4 'athena-vitals-config' (ours)",
  summary: 'Sets which vitals an organisation sends to Athena',
  access: { page: 'HST Billing Configuration' },
  body: z.object({
    organization_id: recordId,
    vital_ids: z
      .array(recordId)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, 'Each vital once'),
  }),
  response: okAnswer,
});
