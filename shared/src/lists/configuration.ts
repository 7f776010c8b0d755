import { z } from 'zod';
import { defineList, type ListSpec } from './define-list.js';

/**
 * The configuration tables of 000 §2.4 (issue 16 part 5): Cpt Codes, Insurances Default Amount, DeviceType, Vitals.
 * One shape: a table with no filters, searched by name, exported as PDF and CSV, its spec reference its page.
 */
function configList<const Row extends z.ZodObject>(
  spec: Omit<ListSpec<Row, never>, 'spec' | 'filters' | 'exports'>,
) {
  return defineList<Row, never>({
    ...spec,
    spec: `000 §2.4 ${spec.page}`,
    filters: [],
    exports: ['pdf', 'csv'],
  });
}

/** A billed code and its rule (shared/src/billing/cpt-table.ts); `code_id` is the code as a number, for paging. */
export const cptCodeRow = z.object({
  code_id: z.number().int(),
  code: z.string(),
  program: z.string(),
  rule: z.string(),
  effective_from: z.string(),
});
export type CptCodeRow = z.infer<typeof cptCodeRow>;

export const cptCodesList = configList({
  name: 'cpt-codes',
  title: 'Cpt Codes',
  route: '/app/CPT-codes',
  page: 'Cpt Codes Table',
  row: cptCodeRow,
  idKey: 'code_id',
  columns: [
    { key: 'code', label: 'CPT Code', sortable: true },
    { key: 'program', label: 'Program', sortable: true },
    { key: 'rule', label: 'Rule', sortable: false },
    { key: 'effective_from', label: 'Effective From', sortable: true, format: 'date' },
  ],
  defaultSort: { key: 'code', order: 'asc' },
  searchPlaceholder: 'Search code',
});

/** One price of a code from a date of service on (table `insurance_default_amounts`). */
export const insuranceDefaultRow = z.object({
  amount_id: z.number().int(),
  cpt_code: z.string(),
  amount: z.number(),
  effective_from: z.string(),
});
export type InsuranceDefaultRow = z.infer<typeof insuranceDefaultRow>;

export const insuranceDefaultsList = configList({
  name: 'insurances-default',
  title: 'Insurances Default Amount',
  route: '/app/insurances-default',
  page: 'Insurances Default Amount Table',
  row: insuranceDefaultRow,
  idKey: 'amount_id',
  columns: [
    { key: 'cpt_code', label: 'CPT Code', sortable: true },
    { key: 'amount', label: 'Amount', sortable: true, format: 'usd' },
    { key: 'effective_from', label: 'Effective From', sortable: true, format: 'date' },
  ],
  defaultSort: { key: 'cpt_code', order: 'asc' },
  searchPlaceholder: 'Search code',
});

/** A device type (table `device_types`). */
export const deviceTypeRow = z.object({
  device_type_id: z.number().int(),
  device_type: z.string(),
  vitals: z.number().int(),
});
export type DeviceTypeRow = z.infer<typeof deviceTypeRow>;

export const deviceTypesList = configList({
  name: 'device-types',
  title: 'DeviceType',
  route: '/app/deviceType',
  page: 'DeviceType Table',
  row: deviceTypeRow,
  idKey: 'device_type_id',
  columns: [
    { key: 'device_type_id', label: 'ID', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'vitals', label: 'Vitals', sortable: true, format: 'number' },
  ],
  defaultSort: { key: 'device_type', order: 'asc' },
  searchPlaceholder: 'Search device type',
});

/** A vital a device type measures (table `vitals`). */
export const vitalRow = z.object({
  vital_id: z.number().int(),
  vital_type: z.string(),
  device_type: z.string(),
  unit: z.string(),
});
export type VitalRow = z.infer<typeof vitalRow>;

export const vitalsList = configList({
  name: 'vitals',
  title: 'Vitals',
  route: '/app/vitalType',
  page: 'Vitals Table',
  row: vitalRow,
  idKey: 'vital_id',
  columns: [
    { key: 'vital_id', label: 'ID', sortable: true },
    { key: 'vital_type', label: 'Vital', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'unit', label: 'Unit', sortable: true },
  ],
  defaultSort: { key: 'vital_type', order: 'asc' },
  searchPlaceholder: 'Search vital',
});
