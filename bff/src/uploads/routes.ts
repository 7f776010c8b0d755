import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  isoDay,
  mayEditPatients,
  NO_PATIENT_EDIT,
  UPLOAD_CALLS,
  UPLOAD_KIND_INFO,
  UPLOAD_KINDS,
  type UploadKind,
} from '@rpm/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { forbidden, notFound } from '../domain-errors.js';
import { attachment } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { CSV_OPTIONS } from '../lists/export-head.js';
import { patientScope, visibleOrganizations } from '../scope.js';
import { claimRows } from './claim-rows.js';
import { commitUpload } from './commit.js';
import { csvText, keptFileName, mapColumns, receiveFile } from './csv-file.js';
import { deviceRows } from './device-rows.js';
import { checkFile, type UploadContext, type UploadKindRows } from './engine.js';
import { patientRows } from './patient-rows.js';
import { errorReportRows, keepUpload, savedMapping, uploadSummary, visibleUpload } from './store.js';

/**
 * Bulk Uploads, Inventory Uploads and Billing Uploads (000 §2.4; decisions.md "CSV uploads"): the same calls for each
 * kind; patients need a role that registers patients, and rows reach only the user's practices.
 */

const ROWS: { readonly [K in UploadKind]: UploadKindRows<never> } = {
  patients: patientRows as UploadKindRows<never>,
  devices: deviceRows as UploadKindRows<never>,
  claims: claimRows as UploadKindRows<never>,
};

/** The organisations the user may pick a mapping of, by name. */
async function organizationsOf(deps: Deps, auth: AuthContext) {
  const orgs = await visibleOrganizations(deps.db, auth);
  return deps.db
    .selectFrom('organizations')
    .select(['organization_id as value', 'organization_name as label'])
    .$if(orgs !== 'all', (q) => q.where('organization_id', 'in', [0, ...(orgs as number[])]))
    .orderBy('organization_name')
    .orderBy('organization_id')
    .execute();
}

function kindRoutes(app: FastifyInstance, deps: Deps, kind: UploadKind): void {
  const { db, clock } = deps;
  const calls = UPLOAD_CALLS[kind];
  const info = UPLOAD_KIND_INFO[kind];
  const rows = ROWS[kind];
  const mayUse = (auth: AuthContext) => {
    if (kind === 'patients' && !mayEditPatients(auth.roleid)) throw forbidden(NO_PATIENT_EDIT);
  };
  /** The organisation named (404 when not the user's), else the user's first, else none. */
  const organizationOf = async (auth: AuthContext, id: number | undefined) => {
    const mine = await organizationsOf(deps, auth);
    if (id === undefined) return mine[0]?.value ?? null;
    if (!mine.some((o) => o.value === id))
      throw notFound(`Organization ${id} does not exist.`, 'organization_id');
    return id;
  };
  const contextOf = async (auth: AuthContext, ip: string): Promise<UploadContext> => {
    const who = actor(auth, ip, clock.now());
    return { auth, actor: who, scope: await patientScope(db, auth), today: isoDay(who.at) };
  };

  registerCall(app, deps, calls.template, async ({ auth, reply }) => {
    mayUse(auth);
    const csv = stringify([info.columns.map((c) => c.header)], CSV_OPTIONS);
    return attachment(reply, info.template, 'text/csv; charset=utf-8').send(csv);
  });

  registerCall(app, deps, calls.setup, async ({ auth }) => {
    mayUse(auth);
    const organizations = await organizationsOf(deps, auth);
    const saved = await db
      .selectFrom('upload_mappings')
      .select(['organization_id', 'mapping'])
      .where('kind', '=', kind)
      .where('organization_id', 'in', [0, ...organizations.map((o) => o.value)])
      .execute();
    return { data: { organizations, mappings: saved } };
  });

  registerCall(app, deps, calls.saveMapping, async ({ body, auth, req }) => {
    mayUse(auth);
    const organizationId = await organizationOf(auth, body.organization_id);
    const who = actor(auth, req.ip, clock.now());
    const mapping = JSON.stringify(body.mapping);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('upload_mappings')
        .values({
          organization_id: organizationId as number,
          kind,
          mapping,
          updated_by: auth.userId,
          updated_at: who.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['organization_id', 'kind'])
            .doUpdateSet({ mapping, updated_by: auth.userId, updated_at: who.at }),
        )
        .execute();
      await audit(trx, {
        ...who,
        action: 'save_upload_mapping',
        entity: 'organization',
        entityId: organizationId,
        detail: { kind, mapping: body.mapping },
      });
    });
    return { message: 'Column mapping saved.' };
  });

  registerCall(app, deps, calls.preview, async ({ query, auth, req }) => {
    mayUse(auth);
    const organizationId = await organizationOf(auth, query.organization_id);
    const { bytes, name } = await receiveFile(req);
    const text = await csvText(bytes);
    const mapping = await savedMapping(db, organizationId, kind);
    const ctx = await contextOf(auth, req.ip);
    const checked = await checkFile(db, rows, ctx, text, (headers) =>
      mapColumns(headers, info.columns, mapping),
    );
    const uploadId = await db.transaction().execute(async (trx) => {
      const id = await keepUpload(
        trx,
        {
          kind,
          auth: { userId: auth.userId, actingUserId: ctx.actor.actingUserId ?? null },
          organizationId,
          fileName: keptFileName(name),
          bytes: bytes.length,
          text,
          at: ctx.actor.at,
        },
        checked,
      );
      await audit(trx, {
        ...ctx.actor,
        action: 'preview_upload',
        entity: 'upload',
        entityId: id,
        detail: { kind, ...checked.counts },
      });
      return id;
    });
    return { data: await uploadSummary(db, await visibleUpload(db, auth, kind, uploadId)) };
  });

  registerCall(app, deps, calls.commit, async ({ body, auth, req }) => {
    mayUse(auth);
    const ctx = await contextOf(auth, req.ip);
    const done = await db.transaction().execute((trx) =>
      commitUpload(trx, rows, ctx, {
        uploadId: body.upload_id,
        allOrNothing: body.all_or_nothing,
        updateExisting: body.update_existing,
      }),
    );
    const message =
      done.status === 'rejected'
        ? `Nothing was written: ${done.problemRows} rows have problems and you chose all or nothing.`
        : `${done.created} added, ${done.updated} updated.`;
    return {
      message,
      data: await uploadSummary(db, await visibleUpload(db, auth, kind, body.upload_id)),
    };
  });

  registerCall(app, deps, calls.get, async ({ query, auth }) => {
    mayUse(auth);
    return { data: await uploadSummary(db, await visibleUpload(db, auth, kind, query.upload_id)) };
  });

  registerCall(app, deps, calls.errorReport, async ({ query, auth, req, reply }) => {
    mayUse(auth);
    const upload = await visibleUpload(db, auth, kind, query.upload_id);
    await audit(db, {
      ...actor(auth, req.ip, clock.now()),
      action: 'read_upload_report',
      entity: 'upload',
      entityId: upload.upload_id,
    });
    async function* text() {
      for await (const chunk of errorReportRows(db, upload)) yield stringify(chunk, CSV_OPTIONS);
    }
    const stem = upload.file_name.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_');
    attachment(reply, `${stem}-problems.csv`, 'text/csv; charset=utf-8');
    return reply.send(Readable.from(text(), { objectMode: false }));
  });
}

/** Registers both kinds' calls, with the multipart parser for these calls only. */
export function uploadRoutes(app: FastifyInstance, deps: Deps): void {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    for (const kind of UPLOAD_KINDS) kindRoutes(scope, deps, kind);
  });
}
