import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';

/** A value of app_config (000 §7 getRpmVersion); 404 naming config_key when none is configured. */
export async function configValue(db: Db, key: string): Promise<string> {
  const row = await db
    .selectFrom('app_config')
    .select('value')
    .where('config_key', '=', key)
    .executeTakeFirst();
  if (!row) throw notFound(`No value is configured for '${key}'.`, 'config_key');
  return row.value;
}

/** The My Tasks badge (000 §2.7): the user's open and in-progress tasks. */
export async function incompleteTaskCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('assigned_to', '=', userId)
    .where('status', 'in', ['open', 'in_progress'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Resolves when the database answers (isAlive, 001 §7). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
