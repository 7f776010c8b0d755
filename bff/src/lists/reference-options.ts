import type { FilterOption } from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { ListViewer } from './source.js';
import { practiceOptions } from './sql.js';

/**
 * Options of the filters over tables only migrations and the seed write, read once per database and kept
 * (decisions.md "Reference-table options are read once"); a screen that comes to edit them must drop the copy.
 */
const kept = new WeakMap<Db, Map<string, Promise<FilterOption[]>>>();

function keptOptions(db: Db, table: string, query: RawBuilder<{ value: number; label: string }>) {
  let tables = kept.get(db);
  if (!tables) {
    tables = new Map();
    kept.set(db, tables);
  }
  let options = tables.get(table);
  if (!options) {
    options = query
      .execute(db)
      .then(({ rows }) => rows.map((row) => ({ value: String(row.value), label: row.label })));
    tables.set(table, options);
    // A failed read is not kept: the next call reads again.
    options.catch(() => tables?.delete(table));
  }
  return options;
}

/** The Language filter's options (001 §2.3), by id. */
export const languageOptions = (db: Db): Promise<FilterOption[]> =>
  keptOptions(
    db,
    'languages',
    sql`select language_id as value, language as label from languages order by language_id`,
  );

/** The Device filter's options (001 §2.3), by id. */
export const deviceTypeOptions = (db: Db): Promise<FilterOption[]> =>
  keptOptions(
    db,
    'device_types',
    sql`select device_type_id as value, device_type as label from device_types order by device_type_id`,
  );

/** The options of a list filtered by device type and practice: every type, and the practices in scope. */
export async function deviceTypeAndPracticeOptions(
  db: Db,
  viewer: ListViewer,
): Promise<{ device_type: FilterOption[]; practice: FilterOption[] }> {
  const [deviceTypes, practices] = await Promise.all([deviceTypeOptions(db), practiceOptions(db, viewer)]);
  return { device_type: deviceTypes, practice: practices };
}
