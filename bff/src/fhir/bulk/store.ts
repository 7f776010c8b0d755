// Over 300 lines: an export's kick-off, job, status, cancel and sweep share one table's states.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { audit } from '../../audit.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/schema.js';
import {
  clientAccess,
  type FhirAccess,
  type FhirResourceType,
  practiceAccess,
  userAccess,
} from '../access.js';
import type { ParsedSearch } from '../params.js';
import { SOURCES } from '../sources.js';

/**
 * FHIR Bulk Data export (issue 43 §3; decisions.md "FHIR Bulk export"): a kick-off records the export, a job in the
 * same process writes one NDJSON file per type page by page (never a whole type in memory), and the status call
 * answers progress, then the manifest. Files expire an hour after completion.
 */

/** How long finished files stay. */
export const EXPORT_TTL_MS = 60 * 60_000;
/** A running export whose job has not reported for this long died with its process: it is failed. */
const STALE_MS = 2 * 60_000;
/** Resources read per query. */
const PAGE = 1000;

/** The types an export without `_type` writes: the patient compartment's. */
export const DEFAULT_TYPES: readonly FhirResourceType[] = [
  'Patient',
  'Observation',
  'Condition',
  'CarePlan',
  'Device',
];

export const bulkRoot = (config: Pick<Config, 'DATA_DIR'>) =>
  config.DATA_DIR.startsWith('memory://') ? join(tmpdir(), 'rpm-bulk') : resolve(config.DATA_DIR, 'bulk');

export interface ExportRow {
  export_id: string;
  requester: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  progress: string;
  output: { type: string; file: string; count: number }[];
  error: string | null;
  requested_at: Date;
  request_url: string;
  expires_at: Date | null;
}

/** Starts an export; null when the requester has one running already (429). */
export async function startExport(
  db: Db,
  clock: Clock,
  access: FhirAccess,
  opts: {
    types: readonly FhirResourceType[];
    since: Date | null;
    practiceId: number | null;
    requestUrl: string;
  },
): Promise<string | null> {
  const id = randomUUID();
  const now = clock.now();
  const client = access.client
    ? await db
        .selectFrom('fhir_clients')
        .select('fhir_client_id')
        .where('client_id', '=', access.client.clientId)
        .executeTakeFirst()
    : undefined;
  const inserted = await db
    .insertInto('fhir_bulk_exports')
    .values({
      export_id: id,
      requester: access.requester,
      fhir_client_id: client?.fhir_client_id ?? null,
      user_id: access.userId,
      scopes: [...access.scopes],
      practice_id: opts.practiceId,
      types: [...opts.types],
      since: opts.since,
      request_url: opts.requestUrl,
      status: 'running',
      requested_at: now,
      heartbeat_at: now,
    })
    .onConflict((oc) => oc.column('requester').where('status', '=', 'running').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  await audit(db, {
    at: now,
    userId: access.userId,
    actingUserId: access.actingUserId,
    ip: access.ip,
    action: 'fhir_export_start',
    entity: 'fhir_export',
    entityId: id,
    detail: {
      ...(access.client ? { client_id: access.client.clientId } : {}),
      types: opts.types,
      practice_id: opts.practiceId,
    },
  });
  return id;
}

/** The export of this requester (another's answers undefined: 404). */
export async function findExport(db: Db, id: string, requester: string): Promise<ExportRow | undefined> {
  const row = await db
    .selectFrom('fhir_bulk_exports')
    .select([
      'export_id',
      'requester',
      'status',
      'progress',
      'output',
      'error',
      'requested_at',
      'request_url',
      'expires_at',
    ])
    .where('export_id', '=', id)
    .where('requester', '=', requester)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();
  return row as ExportRow | undefined;
}

/** Cancels an export (running or done) and removes its files. */
export async function cancelExport(db: Db, config: Pick<Config, 'DATA_DIR'>, id: string, requester: string) {
  const row = await db
    .updateTable('fhir_bulk_exports')
    .set({ status: 'cancelled' })
    .where('export_id', '=', id)
    .where('requester', '=', requester)
    .where('status', 'in', ['running', 'done', 'failed'])
    .returning('export_id')
    .executeTakeFirst();
  if (row) await rm(join(bulkRoot(config), id), { recursive: true, force: true });
  return Boolean(row);
}

/** Removes expired exports with their files, and fails those whose job died with its process. */
export async function sweepExports(db: Db, clock: Clock, config: Pick<Config, 'DATA_DIR'>): Promise<void> {
  const now = clock.now();
  const expired = await db
    .deleteFrom('fhir_bulk_exports')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', now),
        eb.and([
          eb('status', '=', 'cancelled'),
          eb('requested_at', '<', new Date(now.getTime() - EXPORT_TTL_MS)),
        ]),
      ]),
    )
    .returning('export_id')
    .execute();
  for (const row of expired)
    await rm(join(bulkRoot(config), row.export_id), { recursive: true, force: true });
  await db
    .updateTable('fhir_bulk_exports')
    .set({
      status: 'failed',
      error: 'The export stopped with its server; kick it off again.',
      expires_at: new Date(now.getTime() + EXPORT_TTL_MS),
    })
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', new Date(now.getTime() - STALE_MS))
    .execute();
}

/** The access an export was started with, rebuilt for its job. */
async function accessOf(
  db: Db,
  row: { requester: string; scopes: string[]; practice_id: number | null },
): Promise<FhirAccess | null> {
  const [kind, id] = row.requester.split(/:(.*)/s) as [string, string];
  let access: FhirAccess | null = null;
  if (kind === 'client') {
    const client = await db
      .selectFrom('fhir_clients')
      .select(['client_id', 'name', 'organization_id'])
      .where('client_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (client)
      access = clientAccess({
        clientId: client.client_id,
        name: client.name,
        organizationId: client.organization_id,
        scopes: row.scopes,
        ip: null,
      });
  } else {
    const roles = await sql<{
      role_id: number;
    }>`select role_id from user_roles where user_id = ${Number(id)}`.execute(db);
    access = userAccess(
      {
        userId: Number(id),
        roleid: roles.rows.map((r) => r.role_id),
        session: { actingUserId: null },
      } as never,
      null,
    );
  }
  return access && row.practice_id !== null ? practiceAccess(access, row.practice_id) : access;
}

/** A search of the whole type in scope (since `since` where the type has a time), oldest first. */
function exportSearch(type: FhirResourceType, since: Date | null, cursor: string | null): ParsedSearch {
  const values = new Map<string, string[]>();
  if (since && type === 'Observation') values.set('date', [`ge${since.toISOString()}`]);
  if (since && type === 'Patient') values.set('_lastUpdated', [`ge${since.toISOString()}`]);
  return { values, count: PAGE, cursor, sortAscending: true };
}

/**
 * Writes an export's files, page by page with back-pressure, reporting progress; stops when the export is
 * cancelled or `stopping()` says the server is closing.
 */
export async function runExport(
  db: Db,
  clock: Clock,
  config: Pick<Config, 'DATA_DIR'>,
  id: string,
  stopping: () => boolean,
): Promise<void> {
  const row = await db
    .selectFrom('fhir_bulk_exports')
    .selectAll()
    .where('export_id', '=', id)
    .executeTakeFirstOrThrow();
  const access = await accessOf(db, row);
  const dir = join(bulkRoot(config), id);
  const fail = async (error: string) =>
    db
      .updateTable('fhir_bulk_exports')
      .set({ status: 'failed', error, expires_at: new Date(clock.now().getTime() + EXPORT_TTL_MS) })
      .where('export_id', '=', id)
      .where('status', '=', 'running')
      .execute();
  if (!access) return void (await fail('The client was revoked.'));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const output: { type: string; file: string; count: number }[] = [];
  try {
    for (const type of row.types as FhirResourceType[]) {
      const file = `${type}.ndjson`;
      const stream = createWriteStream(join(dir, file), { mode: 0o600 });
      let count = 0;
      let cursor: string | null = null;
      do {
        const page: { resources: readonly Resource[]; next: string | null } = await SOURCES[type].search(
          db,
          access,
          exportSearch(type, row.since, cursor),
        );
        for (const resource of page.resources) {
          if (!stream.write(`${JSON.stringify(resource)}\n`)) await once(stream, 'drain');
          count++;
        }
        cursor = page.next;
        const alive = await db
          .updateTable('fhir_bulk_exports')
          .set({ progress: `${type}: ${count} resources`, heartbeat_at: clock.now() })
          .where('export_id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(alive.numUpdatedRows) === 0 || stopping()) {
          stream.destroy();
          if (stopping()) await fail('The server stopped during the export; kick it off again.');
          return;
        }
      } while (cursor);
      stream.end();
      await once(stream, 'finish');
      output.push({ type, file, count });
    }
    const done = clock.now();
    await db
      .updateTable('fhir_bulk_exports')
      .set({
        status: 'done',
        output: JSON.stringify(output),
        completed_at: done,
        expires_at: new Date(done.getTime() + EXPORT_TTL_MS),
        progress: 'done',
      })
      .where('export_id', '=', id)
      .where('status', '=', 'running')
      .execute();
    await audit(db, {
      at: done,
      userId: row.user_id,
      action: 'fhir_export_done',
      entity: 'fhir_export',
      entityId: id,
      detail: { counts: Object.fromEntries(output.map((o) => [o.type, o.count])) },
    });
  } catch (error) {
    await fail('The export failed on the server.');
    throw error;
  }
}
