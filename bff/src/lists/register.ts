import { Readable } from 'node:stream';
import {
  cellValue,
  defaultFilterValue,
  type FilterValues,
  filterValues,
  formatCell,
  isoDay,
  LISTS,
  type ListDef,
  type ListFilter,
  type ListName,
  MSG,
  unknownValueText,
} from '@rpm/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { invalid } from '../domain-errors.js';
import { attachment, fileNamePart, renderPdf } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import type { ReportData } from '../pdf/report-data.js';
import { patientScope } from '../scope.js';
import { CSV_OPTIONS, exportFacts, type Options } from './export-head.js';
import { foreignFilterValue, type ListSource, type ListView, type ListViewer } from './source.js';

/** One registration for every list definition (architecture.md "Lists"): its page, filter options and exports. */

/** Texts of the export files and their errors. */
const EXPORT_TEXT = {
  future: (field: string) => `${MSG.invalidDate}: ${field} must not be in the future.`,
} as const;

async function viewerOf(deps: Deps, auth: AuthContext): Promise<ListViewer> {
  return { auth, scope: await patientScope(deps.db, auth), now: deps.clock.now() };
}

/** The query fields a filter travels in. */
const fieldsOf = (filter: ListFilter) =>
  filter.dateRange ? [`${filter.key}_from`, `${filter.key}_to`] : [filter.key];

/**
 * Sort, search and filters of a parsed query with the definition's defaultFilters; refuses future dates (001 §5, 400)
 * and scope-dependent filter values outside the viewer's options (403), naming the field.
 */
async function resolveView<Row>(
  def: ListDef,
  query: Record<string, unknown>,
  viewer: ListViewer,
  source: ListSource<Row>,
  deps: Deps,
  loadOptions: boolean,
): Promise<{ view: ListView; options: Options }> {
  const filters: Record<string, FilterValues[string]> = { ...filterValues(def, query) };
  for (const filter of def.filters) {
    const value = defaultFilterValue(def, filter.key, isoDay(viewer.now));
    if (value === undefined || fieldsOf(filter).some((field) => query[field] !== undefined)) continue;
    const parsed = def.viewQuery.parse({ [filter.key]: value }) as Record<string, FilterValues[string]>;
    filters[filter.key] = parsed[filter.key];
  }

  const today = isoDay(viewer.now);
  for (const filter of def.filters) {
    if (filter.dateRange && !filter.future) {
      for (const field of fieldsOf(filter)) {
        const day = filters[field];
        if (typeof day === 'string' && day > today) throw invalid(EXPORT_TEXT.future(field), field);
      }
    }
    if (filter.kind === 'month') {
      const months = filters[filter.key];
      if (Array.isArray(months) && months.some((month) => month > today.slice(0, 7)))
        throw invalid(EXPORT_TEXT.future(filter.key), filter.key);
    }
  }

  const idFilters = def.filters.filter(
    (filter) => !filter.options && !filter.dateRange && !filter.checkbox && filter.kind !== 'month',
  );
  const named = new Set(
    idFilters.filter((filter) => (filters[filter.key]?.length ?? 0) > 0).map((filter) => filter.key),
  );
  // A page loads the options of the filters it names only (each costs a query over the scope's patients).
  const options = loadOptions
    ? await source.options(deps.db, viewer)
    : named.size > 0
      ? await source.options(deps.db, viewer, named)
      : {};
  for (const filter of idFilters) {
    const allowed = options[filter.key];
    const values = filters[filter.key];
    // Filters the source leaves out of its options (a hidden patient filter) are checked by the store itself.
    if (!allowed || !Array.isArray(values)) continue;
    const known = new Set(allowed.map((option) => option.value));
    const unknown = values.find((value) => !known.has(value));
    if (unknown === undefined) continue;
    // A word no row uses is unknown, not someone else's record.
    if (filter.kind === 'text') throw invalid(unknownValueText(filter.key, unknown), filter.key);
    throw foreignFilterValue(filter.key);
  }
  const view: ListView = {
    orderby: query.orderby as string,
    order: query.order as 'asc' | 'desc',
    search: (query.search as string | undefined) || undefined,
    filters,
  };
  return { view, options };
}

/**
 * Registers the page, filter-options and export calls of one list definition (001 §2.4); each export writes one
 * audit row (a CSV as its stream starts, a PDF once rendered with its row count).
 */
function registerList<Row extends object>(
  app: FastifyInstance,
  deps: Deps,
  def: ListDef,
  source: ListSource<Row>,
): void {
  const { db } = deps;
  const columns = def.columns.filter((column) => !column.screenOnly);
  const labels = columns.map((column) => column.label);
  const cells = (row: Partial<Row>, csv = false) =>
    columns.map((column) => formatCell(cellValue(column, row), column.format, csv));
  const fileName = (viewer: ListViewer, extension: string) =>
    `${fileNamePart(def.title)}_${isoDay(viewer.now)}.${extension}`;
  const auditExport = (
    viewer: ListViewer,
    ip: string,
    format: 'csv' | 'pdf',
    view: ListView,
    rows?: number,
  ) =>
    audit(db, {
      at: viewer.now,
      userId: viewer.auth.userId,
      actingUserId: viewer.auth.session.actingUserId,
      ip,
      action: 'export',
      entity: def.name,
      detail: {
        format,
        filters: view.filters,
        search: view.search ?? null,
        ...(rows === undefined ? {} : { rows }),
      },
    });

  /** An export's viewer, view (checked as the list call checks it) and head lines. */
  const exportStart = async (query: unknown, auth: AuthContext) => {
    const viewer = await viewerOf(deps, auth);
    const q = query as Record<string, unknown>;
    const { view, options } = await resolveView(def, q, viewer, source, deps, true);
    const facts = await exportFacts(deps, def, view, options, viewer);
    const column = def.columns.find((c) => c.key === def.total);
    if (column && source.total)
      facts.unshift([`Total ${column.label}`, formatCell(await source.total(db, viewer, view), 'usd')]);
    return { viewer, view, facts };
  };

  registerCall(app, deps, def.calls.list, async ({ query, auth }) => {
    const viewer = await viewerOf(deps, auth);
    const q = query as Record<string, unknown>;
    const { view } = await resolveView(def, q, viewer, source, deps, false);
    const { rows, count, total } = await source.page(db, viewer, {
      ...view,
      page: q.page as number,
      rowsPerPage: q.rowsPerPage as number,
    });
    return {
      status: 1,
      data: rows as Record<string, unknown>[],
      count,
      ...(total === undefined ? {} : { total }),
    };
  });

  registerCall(app, deps, def.calls.filterOptions, async ({ auth }) => {
    const viewer = await viewerOf(deps, auth);
    return { status: 1, data: await source.options(db, viewer) };
  });

  const csvCall = def.calls.csv;
  if (csvCall)
    registerCall(app, deps, csvCall, async ({ query, auth, req, reply }) => {
      const { viewer, view, facts } = await exportStart(query, auth);
      // The first chunk before the answer starts, so a refused filter is still a 403, not a broken download.
      const chunks = source.chunks(db, viewer, view)[Symbol.asyncIterator]();
      const first = await chunks.next();
      await auditExport(viewer, req.ip, 'csv', view);
      // RFC 4180 text a chunk at a time: one encoder call per chunk rather than a stream step per record
      // (tests/bench/lists.ts, CSV of 10,000 patients); memory holds one chunk.
      async function* text() {
        const head = [[def.title], ...facts.map(([label, value]) => [`${label}: ${value}`]), [], labels];
        yield stringify(head, CSV_OPTIONS);
        try {
          for (let next = first; !next.done; next = await chunks.next())
            yield stringify(
              next.value.map((row) => cells(row, true)),
              CSV_OPTIONS,
            );
        } catch (error) {
          // A failure midway ends the download (logged), never a half-formed 200.
          req.log.error({ err: error }, 'CSV export failed');
          throw error;
        }
      }
      const csv = Readable.from(text(), { objectMode: false });
      attachment(reply, fileName(viewer, 'csv'), 'text/csv; charset=utf-8');
      return reply.send(csv);
    });

  const pdfCall = def.calls.pdf;
  if (pdfCall)
    registerCall(app, deps, pdfCall, async ({ query, auth, req, reply }) => {
      const { viewer, view, facts } = await exportStart(query, auth);
      const rows: string[][] = [];
      for await (const chunk of source.chunks(db, viewer, view))
        for (const row of chunk) rows.push(cells(row));
      const data: ReportData = {
        title: def.title,
        facts,
        columns: labels,
        rightAligned: columns.flatMap((column, n) =>
          column.format === 'number' || column.format === 'usd' ? [n] : [],
        ),
        rows,
        emptyText: MSG.noRecordsFound,
        footer: def.title,
      };
      const bytes = await renderPdf(deps.pdf, data, 'reports');
      await auditExport(viewer, req.ip, 'pdf', view, rows.length);
      attachment(reply, fileName(viewer, 'pdf'), 'application/pdf');
      return bytes;
    });
}

/** Registers every list of LISTS with its source (embedded.ts LIST_SOURCES: complete by its type). */
export function registerLists(
  app: FastifyInstance,
  deps: Deps,
  sources: Readonly<Record<ListName, ListSource<object>>>,
): void {
  for (const [name, def] of Object.entries(LISTS) as [ListName, ListDef][])
    registerList(app, deps, def, sources[name]);
}

/** One list's rows to count: its definition, its source and a query of its screen's URL (filters, search). */
export interface CountedView<K> {
  /** What the count is answered by. */
  readonly key: K;
  readonly def: ListDef;
  readonly source: ListSource<object>;
  readonly query: Readonly<Record<string, string>>;
}

/**
 * How many rows each list shows `auth` under its query: the query parsed, defaulted and checked as the list call
 * does, and counted by the list's own source at one moment, so a count and its list cannot disagree.
 */
export async function listCounts<K>(
  deps: Deps,
  auth: AuthContext,
  views: readonly CountedView<K>[],
): Promise<{ key: K; count: number }[]> {
  const viewer = await viewerOf(deps, auth);
  return Promise.all(
    views.map(async ({ key, def, source, query }) => {
      const parsed = def.viewQuery.parse(query) as Record<string, unknown>;
      const { view } = await resolveView(def, parsed, viewer, source, deps, false);
      return { key, count: await source.count(deps.db, viewer, view) };
    }),
  );
}
