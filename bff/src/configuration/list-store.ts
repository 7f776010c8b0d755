import {
  CPT_CODE_RULES,
  cptCodesList,
  deviceNamesTable,
  deviceTypesList,
  insuranceDefaultsList,
  vitalsList,
  warehousesTable,
} from '@rpm/shared';
import { sql } from 'kysely';
import { dayText } from '../db/sql-day.js';
import { deviceTypeOptions } from '../lists/reference-options.js';
import { by, byText, inIds } from '../lists/sql.js';
import { leadSource } from '../sales/lead-store.js';
import { activeSelect, byStatus, configSource } from './config-source.js';
import { textConfigSources } from './text-list-store.js';

// The billing rules as a VALUES table, so the one store shape pages, sorts and searches them like a table.
const CPT_FROM = sql`(values ${sql.join(
  CPT_CODE_RULES.map(
    (r, n) =>
      sql`(${n + 1}::int, ${r.code}::text, ${r.program}::text, ${r.rule}::text, ${r.effectiveFrom}::date)`,
  ),
)}) as c(n, code, program, rule, effective_from)`;

export const configListSources = () => ({
  ...textConfigSources(),
  leads: leadSource,
  'cpt-codes': configSource(cptCodesList, {
    from: CPT_FROM,
    select: {
      code_id: sql`c.n`,
      code: sql`c.code`,
      program: sql`c.program`,
      rule: sql`c.rule`,
      effective_from: dayText('c.effective_from'),
    },
    sort: {
      code: byText(sql`c.code`),
      program: byText(sql`c.program`),
      effective_from: by(sql`c.effective_from`),
    },
    id: 'code_id',
    search: sql`c.code`,
  }),
  'insurances-default': configSource(insuranceDefaultsList, {
    from: sql`insurance_default_amounts a`,
    select: {
      amount_id: sql`a.amount_id`,
      cpt_code: sql`a.cpt_code`,
      amount: sql`a.amount::float8`,
      effective_from: dayText('a.effective_from'),
    },
    sort: {
      cpt_code: byText(sql`a.cpt_code`),
      amount: by(sql`a.amount`),
      effective_from: by(sql`a.effective_from`),
    },
    id: 'a.amount_id',
    search: sql`a.cpt_code`,
  }),
  'device-types': configSource(deviceTypesList, {
    from: sql`device_types t`,
    select: {
      device_type_id: sql`t.device_type_id`,
      device_type: sql`t.device_type`,
      vitals: sql`(select count(*)::int from vitals v where v.device_type_id = t.device_type_id)`,
      ...activeSelect('t.active'),
    },
    sort: {
      device_type_id: by(sql`t.device_type_id`),
      device_type: byText(sql`t.device_type`),
      vitals: by(sql`(select count(*) from vitals v where v.device_type_id = t.device_type_id)`),
      status: byStatus('t.active'),
    },
    id: 't.device_type_id',
    search: sql`t.device_type`,
  }),
  vitals: configSource(vitalsList, {
    from: sql`vitals v join device_types t on t.device_type_id = v.device_type_id`,
    select: {
      vital_id: sql`v.vital_id`,
      vital_type: sql`v.vital_type`,
      device_type_id: sql`v.device_type_id`,
      device_type: sql`t.device_type`,
      unit: sql`v.unit`,
      ...activeSelect('v.active'),
    },
    sort: {
      vital_id: by(sql`v.vital_id`),
      vital_type: byText(sql`v.vital_type`),
      device_type: byText(sql`t.device_type`),
      unit: byText(sql`v.unit`),
      status: byStatus('v.active'),
    },
    id: 'v.vital_id',
    search: sql`v.vital_type`,
    where: { device_type_id: { shows: 'device_type', when: (ids) => inIds('v.device_type_id', ids) } },
    options: { device_type_id: deviceTypeOptions },
  }),
  'device-names': configSource(deviceNamesTable.list, {
    from: sql`device_names n join device_types t on t.device_type_id = n.device_type_id`,
    select: {
      device_name_id: sql`n.device_name_id`,
      name: sql`n.name`,
      device_type_id: sql`n.device_type_id`,
      device_type: sql`t.device_type`,
      ...activeSelect('n.active'),
    },
    sort: {
      name: byText(sql`n.name`),
      device_type: byText(sql`t.device_type`),
      status: byStatus('n.active'),
    },
    id: 'n.device_name_id',
    search: sql`n.name`,
    where: { device_type_id: { shows: 'device_type', when: (ids) => inIds('n.device_type_id', ids) } },
    options: { device_type_id: deviceTypeOptions },
  }),
  warehouses: configSource(warehousesTable.list, {
    from: sql`warehouses w`,
    select: {
      warehouse_id: sql`w.warehouse_id`,
      name: sql`w.name`,
      address: sql`w.address`,
      devices: WAREHOUSE_DEVICES,
      ...activeSelect('w.active'),
    },
    sort: {
      name: byText(sql`w.name`),
      address: byText(sql`w.address`),
      devices: by(WAREHOUSE_DEVICES),
      status: byStatus('w.active'),
    },
    id: 'w.warehouse_id',
    search: sql`w.name || ' ' || w.address`,
  }),
});

const WAREHOUSE_DEVICES = sql`(select count(*)::int from devices d where d.warehouse_id = w.warehouse_id)`;
