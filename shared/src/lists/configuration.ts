import { z } from 'zod';
import { recordId } from '../api/ids.js';
import { CPT_CODE_RULES } from '../billing/cpt-table.js';
import { isCalendarDay } from '../calendar.js';
import {
  activeFields,
  CONFIG_ADDRESS_MAX,
  CONFIG_NAME_MAX,
  configList,
  configTable,
  configText,
  statusColumn,
} from './config-table.js';
import { LIST_ROUTES } from './list-routes.js';

/** The device and billing configuration tables of 000 §2.4 (Cpt Codes read-only), in config-table.ts's shape. */

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
  route: LIST_ROUTES.cptCodes,
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

const CPT_CODES = [...new Set(CPT_CODE_RULES.map((r) => r.code))].sort();
/** The highest price the table stores (numeric(10, 2)). */
const PRICE_MAX = 99_999_999.99;

export const insuranceDefaultsTable = configTable({
  name: 'insurances-default',
  title: 'Insurances Default Amount',
  route: LIST_ROUTES.insuranceDefaults,
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
  entity: 'InsuranceDefaultAmount',
  // Billing prices a month by the amount in force on its first day (bff/src/billing/report.ts monthPrices).
  body: z.object({
    cpt_code: z.enum(CPT_CODES as [string, ...string[]], 'Select a CPT code'),
    amount: z
      .number('Enter an amount')
      .min(0, 'The amount cannot be negative')
      .max(PRICE_MAX, 'The amount is too large')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most two decimals'),
    effective_from: z
      .string('Enter the effective date')
      .refine(
        (day) => isCalendarDay(day) && day.endsWith('-01'),
        'Prices take effect on the first day of a month',
      ),
  }),
  fields: [
    {
      key: 'cpt_code',
      label: 'CPT Code',
      kind: 'select',
      options: CPT_CODES.map((c) => ({ label: c, value: c })),
    },
    { key: 'amount', label: 'Amount', kind: 'amount' },
    { key: 'effective_from', label: 'Effective From', kind: 'date' },
  ],
  edit: 'add-only',
});
export const insuranceDefaultsList = insuranceDefaultsTable.list;

/** A device type (table `device_types`). */
export const deviceTypeRow = z.object({
  device_type_id: z.number().int(),
  device_type: z.string(),
  vitals: z.number().int(),
  ...activeFields,
});
export type DeviceTypeRow = z.infer<typeof deviceTypeRow>;

export const deviceTypesTable = configTable({
  name: 'device-types',
  title: 'DeviceType',
  route: LIST_ROUTES.deviceTypes,
  page: 'DeviceType Table',
  row: deviceTypeRow,
  idKey: 'device_type_id',
  columns: [
    { key: 'device_type_id', label: 'ID', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'vitals', label: 'Vitals', sortable: true, format: 'number' },
    statusColumn,
  ],
  defaultSort: { key: 'device_type', order: 'asc' },
  searchPlaceholder: 'Search device type',
  entity: 'DeviceType',
  body: z.object({ device_type: configText(CONFIG_NAME_MAX) }),
  fields: [{ key: 'device_type', label: 'Device Type' }],
  edit: 'edit',
});
export const deviceTypesList = deviceTypesTable.list;

/** The filter of a table whose rows belong to a device type; its options are the form's choices too. */
const byDeviceType = [{ key: 'device_type_id', label: 'Device Type', multi: true }] as const;

/** A vital a device type measures (table `vitals`). */
export const vitalRow = z.object({
  vital_id: z.number().int(),
  vital_type: z.string(),
  device_type_id: z.number().int(),
  device_type: z.string(),
  unit: z.string(),
  ...activeFields,
});
export type VitalRow = z.infer<typeof vitalRow>;

export const vitalsTable = configTable({
  name: 'vitals',
  title: 'Vitals',
  route: LIST_ROUTES.vitals,
  page: 'Vitals Table',
  row: vitalRow,
  idKey: 'vital_id',
  columns: [
    { key: 'vital_id', label: 'ID', sortable: true },
    { key: 'vital_type', label: 'Vital', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'unit', label: 'Unit', sortable: true },
    statusColumn,
  ],
  defaultSort: { key: 'vital_type', order: 'asc' },
  searchPlaceholder: 'Search vital',
  filters: byDeviceType,
  entity: 'Vital',
  body: z.object({
    vital_type: configText(CONFIG_NAME_MAX),
    device_type_id: recordId,
    unit: configText(20),
  }),
  fields: [
    { key: 'vital_type', label: 'Vital' },
    // Readings of a vital stay with its device type.
    { key: 'device_type_id', label: 'Device Type', kind: 'select', fixed: true },
    { key: 'unit', label: 'Unit' },
  ],
  edit: 'edit',
});
export const vitalsList = vitalsTable.list;

/** A device model of a type (table `device_names`). */
export const deviceNameRow = z.object({
  device_name_id: z.number().int(),
  name: z.string(),
  device_type_id: z.number().int(),
  device_type: z.string(),
  ...activeFields,
});

export const deviceNamesTable = configTable({
  name: 'device-names',
  title: 'DeviceName',
  route: '/app/deviceName',
  page: 'DeviceName Table',
  row: deviceNameRow,
  idKey: 'device_name_id',
  columns: [
    { key: 'name', label: 'Device Name', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    statusColumn,
  ],
  defaultSort: { key: 'name', order: 'asc' },
  searchPlaceholder: 'Search device name',
  filters: byDeviceType,
  entity: 'DeviceName',
  body: z.object({ name: configText(CONFIG_NAME_MAX), device_type_id: recordId }),
  fields: [
    { key: 'name', label: 'Device Name' },
    { key: 'device_type_id', label: 'Device Type', kind: 'select', fixed: true },
  ],
  edit: 'edit',
});

/** Where stock is kept (table `warehouses`). */
export const warehouseRow = z.object({
  warehouse_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  devices: z.number().int(),
  ...activeFields,
});

export const warehousesTable = configTable({
  name: 'warehouses',
  title: 'Warehouses',
  route: '/app/warehouses',
  page: 'Warehouses Table',
  row: warehouseRow,
  idKey: 'warehouse_id',
  columns: [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'address', label: 'Address', sortable: true },
    { key: 'devices', label: 'Devices', sortable: true, format: 'number' },
    statusColumn,
  ],
  defaultSort: { key: 'name', order: 'asc' },
  searchPlaceholder: 'Search warehouse',
  entity: 'Warehouse',
  body: z.object({ name: configText(CONFIG_NAME_MAX), address: configText(CONFIG_ADDRESS_MAX) }),
  fields: [
    { key: 'name', label: 'Name' },
    { key: 'address', label: 'Address', kind: 'textarea' },
  ],
  edit: 'edit',
});
