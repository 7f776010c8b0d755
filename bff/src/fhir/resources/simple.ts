import type { Resource } from '@medplum/fhirtypes';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import type { FhirAccess } from '../access.js';
import { type ParsedSearch, referenceId } from '../params.js';
import { decodeCursor, encodeCursor, type ResourceSource } from './source.js';

/**
 * A type read from one query keyed by an integer (`key`, aliased `k` in `select`): read by id, searched by `_id`
 * and, where the type has it, `patient`, in key order with a keyset cursor.
 */
export interface SimpleType<R> {
  /** The id prefix (practice-, org-) when two tables share a type; '' otherwise. */
  readonly prefix: string;
  /** The select with its scope: rows with the key column `k` (and `patient_id` when searched by patient). */
  select(access: FhirAccess, where: RawBuilder<SqlBool>, limit: number): RawBuilder<R>;
  readonly map: (row: R) => Resource;
}

export function simpleSource<R extends { k: number }>(types: readonly SimpleType<R>[]): ResourceSource {
  const fetch = async (
    db: Db,
    type: SimpleType<R>,
    access: FhirAccess,
    where: RawBuilder<SqlBool>,
    limit: number,
  ) => (await sql<R>`${type.select(access, where, limit)}`.execute(db)).rows;
  return {
    async read(db, access, id) {
      for (const type of types) {
        if (!id.startsWith(type.prefix)) continue;
        const rest = id.slice(type.prefix.length);
        if (!/^[1-9]\d{0,9}$/.test(rest) || Number(rest) > 2_147_483_647) continue;
        const [row] = await fetch(db, type, access, sql<SqlBool>`k = ${Number(rest)}`, 1);
        if (row) return type.map(row);
      }
      return null;
    },
    async search(db, access, search: ParsedSearch) {
      // The cursor is [type index, key]: types are searched one after another.
      const key = decodeCursor(search.cursor, 2) as [number, number] | null;
      const patient = search.values.get('patient')?.[0];
      const patientId = patient === undefined ? null : referenceId('patient', patient, 'Patient');
      const ids = search.values.get('_id')?.flatMap((v) => v.split(','));
      const resources: Resource[] = [];
      let last: [number, number] = [0, 0];
      for (let t = key ? Number(key[0]) : 0; t < types.length; t++) {
        const type = types[t] as SimpleType<R>;
        const where: RawBuilder<SqlBool>[] = [];
        if (key && t === Number(key[0])) where.push(sql<SqlBool>`k > ${Number(key[1])}`);
        if (patientId !== null) where.push(sql<SqlBool>`patient_id = ${patientId}`);
        if (ids) {
          const mine = ids
            .filter((id) => id.startsWith(type.prefix) && /^[1-9]\d{0,9}$/.test(id.slice(type.prefix.length)))
            .map((id) => Number(id.slice(type.prefix.length)));
          where.push(mine.length ? sql<SqlBool>`k in (${sql.join(mine)})` : sql<SqlBool>`false`);
        }
        const left = search.count + 1 - resources.length;
        const rows = await fetch(
          db,
          type,
          access,
          where.length ? sql.join(where, sql` and `) : sql`true`,
          left,
        );
        for (const row of rows) {
          if (resources.length === search.count) return { resources, next: encodeCursor(last) };
          resources.push(type.map(row));
          last = [t, row.k];
        }
      }
      return { resources, next: null };
    },
  };
}
