import type { CallDef } from '../api/contract.js';
import type { ConfigTableDef } from './config-table.js';
import {
  deviceNamesTable,
  deviceTypesTable,
  insuranceDefaultsTable,
  vitalsTable,
  warehousesTable,
} from './configuration.js';
import {
  insurancePlansTable,
  insuranceTableTable,
  messageCategoriesTable,
  messageTemplatesTable,
  noteCategoriesTable,
  noteCommentsTable,
} from './configuration-texts.js';
import { leadsTable } from './leads.js';

/** Every edited configuration table by its list's name (000 §2.4). */
export const CONFIG_TABLES = {
  'insurances-default': insuranceDefaultsTable,
  'device-types': deviceTypesTable,
  vitals: vitalsTable,
  'device-names': deviceNamesTable,
  warehouses: warehousesTable,
  'messages-category': messageCategoriesTable,
  'messages-template': messageTemplatesTable,
  'notes-category': noteCategoriesTable,
  'notes-comments': noteCommentsTable,
  'insurance-plans': insurancePlansTable,
  'insurance-table': insuranceTableTable,
  leads: leadsTable,
} as const;
export type ConfigTableName = keyof typeof CONFIG_TABLES;

/** The tables as the generic form and registration see them. */
export const configTables = (): [ConfigTableName, ConfigTableDef][] =>
  Object.entries(CONFIG_TABLES) as unknown as [ConfigTableName, ConfigTableDef][];

/** Their add and update calls by path (shared/src/api/all-calls.ts). */
export const CONFIG_WRITE_CALLS: Readonly<Record<string, CallDef>> = Object.fromEntries(
  configTables()
    .flatMap(([, table]) => [table.add, table.update])
    .filter((call) => call !== undefined)
    .map((call) => [call.path, call as CallDef]),
);
