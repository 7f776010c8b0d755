// Over 300 lines: the generic suite every list definition runs (sorts, paging, filters, scope, exports) on one app.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALL_LISTS,
  addOrganizationGroup,
  type CallDef,
  callUrl,
  creditInvoice,
  defaultFilterValue,
  isoDay,
  issueInvoice,
  type ListDef,
  type ListFilter,
  type ListName,
  listOpenTo,
  shiftDay,
  shiftMonths,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TYPE } from '../db/reference-ids.js';
import { TEST_TODAY } from '../db/test-database.js';
import { LIST_SOURCES } from '../embedded.js';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, placeOf } from '../test-fixtures.js';
import { neutralise } from './export-head.js';

/**
 * The generic suite of the list pattern: every definition of ALL_LISTS with a registered source
 * (embedded.ts LIST_SOURCES) is checked the same way: sorting, paging, each filter, scope, bad input, CSV, PDF.
 */

type Row = Record<string, unknown>;
type Headers = Record<string, string>;

const LISTS = ALL_LISTS;
const TODAY = isoDay(TEST_TODAY);
const RANGE_FROM = shiftDay(TODAY, -60);

let t: TestApp;
/** Lowest role 1: every practice. */
let admin: Headers;
/** role8: one Northwind practice. */
let nurse: Headers;
/** role9: one Riverside practice, none of the nurse's. */
let other: Headers;
let otherUserId: number;
/** The access-list entries the nurse and the other user hold (the audit report is role 1's only). */
let nursePages: Set<string>;
let otherPages: Set<string>;

async function pagesOf(userId: number): Promise<Set<string>> {
  const rows = await t.db
    .selectFrom('user_roles as r')
    .innerJoin('role_pages as rp', 'rp.role_id', 'r.role_id')
    .select('rp.page')
    .where('r.user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.page));
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 80 });
  t.clock.advance(TEST_TODAY.getTime() - t.clock.now().getTime());
  admin = (await signIn(t.app, 'role1@demo.test')).headers;
  const signedNurse = await signIn(t.app, 'role8@demo.test');
  nurse = signedNurse.headers;
  const signedOther = await signIn(t.app, 'role9@demo.test');
  other = signedOther.headers;
  otherUserId = signedOther.user.user_id;
  nursePages = await pagesOf(signedNurse.user.user_id);
  otherPages = await pagesOf(otherUserId);
  // Names a spreadsheet would run as formulas (CWE-1236), in the nurse's practice.
  const place = await placeOf(t.db, signedNurse.user.user_id);
  for (const lastname of ['=HYPERLINK("x")', '+1', '@x']) {
    const id = await makePatient(t.db, place);
    await t.db
      .updateTable('patients')
      .set({ lastname, firstname: 'Formula' })
      .where('patient_id', '=', id)
      .execute();
    // A PAP device, so CPAP Patients has rows in the nurse's practice (shared/src/lists/therapy.ts).
    if (lastname === '+1') await giveDevice(t.db, id, DEVICE_TYPE.cpap, new Date(`${RANGE_FROM}T09:00:00Z`));
  }
  // Invoices of last month for every practice with billed codes, one of them credited (shared/src/lists/invoices.ts).
  const practices = await t.db.selectFrom('practices').select('practice_id').orderBy('practice_id').execute();
  const invoiced: number[] = [];
  for (const { practice_id } of practices) {
    const body = { practice_id, month: shiftMonths(TODAY, -1).slice(0, 7) };
    const res = await injectCall(t.app, issueInvoice, { body }, { headers: admin });
    if (res.statusCode === 200) invoiced.push(res.json().invoice_id);
  }
  expect(invoiced.length).toBeGreaterThan(1);
  const body = { invoice_id: invoiced[0] as number, reason: 'Issued to the wrong practice' };
  expect((await injectCall(t.app, creditInvoice, { body }, { headers: admin })).statusCode).toBe(200);
  // A group of every organisation, with no administrator, so it widens no one's scope (organization-groups.ts).
  const organizations = await t.db.selectFrom('organizations').select('organization_id').execute();
  const group = {
    group_name: 'Every Organization',
    organization_ids: organizations.map((o) => o.organization_id),
    admin_ids: [],
  };
  const grouped = await injectCall(t.app, addOrganizationGroup, { body: group }, { headers: admin });
  expect(grouped.statusCode, grouped.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

function url(call: CallDef, params: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const text = search.toString();
  return text ? `${callUrl(call)}?${text}` : callUrl(call);
}

async function get(call: CallDef, params: Record<string, string | number>, headers: Headers) {
  return t.app.inject({ method: 'GET', url: url(call, params), headers });
}

/** Who reads a list in the suite: its owner for a list of the user's own rows (My Tasks), else role 1. */
const viewer = (def: ListDef) => (def.own ? nurse : admin);

/** Who exports a list in the suite, and the name the export's 'By' line shows: the nurse where she may. */
const exporter = (def: ListDef) =>
  listOpenTo(nursePages, def)
    ? { headers: nurse, name: 'Grace Kim' }
    : { headers: admin, name: 'Avery Collins' };

async function page(def: ListDef, params: Record<string, string | number>, headers = viewer(def)) {
  const res = await get(def.calls.list, { rowsPerPage: 100, ...params }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; count: number };
}

async function options(
  def: ListDef,
  headers = viewer(def),
): Promise<Record<string, { label: string; value: string }[]>> {
  const res = await get(def.calls.filterOptions, {}, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The value a row is ordered by: text ignoring case (byte order), numbers, days and times as given. */
function sortValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'boolean') return Number(value);
  return value as number;
}

/**
 * Rows in the order of `key` (nulls last either way), then the column's `thenBy`, then the list's id, all reversed
 * for 'desc'; a column with a `rank` orders by it.
 */
function expectOrdered(rows: Row[], def: ListDef, key: string, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const column = def.columns.find((c) => c.key === key);
  const rankedValue = (row: Row, k: string) => {
    const rank = def.columns.find((c) => c.key === k)?.rank;
    return rank ? rank.indexOf(String(row[k])) : sortValue(row[k]);
  };
  const compareBy = (a: Row, b: Row, k: string, s: number) => {
    const va = rankedValue(a, k);
    const vb = rankedValue(b, k);
    if (va === vb) return 0;
    if (va === null) return 1;
    if (vb === null) return -1;
    return (va < vb ? -1 : 1) * s;
  };
  for (let n = 1; n < rows.length; n++) {
    const a = rows[n - 1] as Row;
    const b = rows[n] as Row;
    const where = `${key} ${order} at ${n}: ${String(a[key])} / ${String(b[key])}`;
    let cmp = compareBy(a, b, key, sign);
    expect(cmp, where).toBeLessThanOrEqual(0);
    if (cmp !== 0) continue;
    if (column?.thenBy) {
      cmp = compareBy(a, b, column.thenBy.key, column.thenBy.order === 'asc' ? sign : -sign);
      expect(cmp, `${where} (then by ${column.thenBy.key})`).toBeLessThanOrEqual(0);
      if (cmp !== 0) continue;
    }
    expect(((a[def.idKey] as number) - (b[def.idKey] as number)) * sign, `${where} (tie)`).toBeLessThan(0);
  }
}

const utcDayOf = (value: unknown) => (typeof value === 'string' ? isoDay(new Date(value)) : null);
const listed = (text: unknown) => (typeof text === 'string' && text ? text.split(', ') : []);

/** Whether a row matches one filter's values (labels are the options' labels of those values). */
type Matcher = (row: Row, values: string[], labels: string[]) => boolean | Promise<boolean>;

async function patientStatuses(patientId: unknown) {
  return t.db
    .selectFrom('patients')
    .select(['rpm_status', 'ccm_status', 'bhi_status'])
    .where('patient_id', '=', patientId as number)
    .executeTakeFirstOrThrow();
}

const MINUTES: Record<string, (m: number) => boolean> = {
  under20: (m) => m < 20,
  '20to39': (m) => m >= 20 && m < 40,
  '40plus': (m) => m >= 40,
};

/**
 * A declared list's matcher of a filter, from the row field its declaration says shows the filter's value
 * (declare.ts FilterShows): a date in the tried range, `true`, an option's label or value, or one of listed labels.
 */
function shownMatcher(def: ListDef, filter: ListFilter): Matcher | undefined {
  const shown = LIST_SOURCES[def.name as ListName]?.shows?.[filter.key];
  if (!shown) return undefined;
  const field = shown.shows;
  if (filter.dateRange)
    return (row) => {
      const day = utcDayOf(row[field]) ?? '';
      return day >= RANGE_FROM && day <= TODAY;
    };
  if (filter.checkbox) return (row) => row[field] === true;
  if (shown.as === 'value') return (row, values) => values.includes(String(row[field]));
  if (shown.as === 'listed') return (row, _v, labels) => listed(row[field]).some((l) => labels.includes(l));
  return (row, _v, labels) => labels.includes(row[field] as string);
}

/**
 * The matchers of the filters a declaration does not tie to a row field: the hand-tuned sources' filters, and
 * filters a row does not show (a program by the patient's statuses). A new one needs one here (the suite fails
 * without).
 */
const MATCHERS: Record<string, Matcher> = {
  // The patient lists and the monitoring worklist (hand-tuned sources).
  language: (row, _v, labels) => labels.includes(row.language as string),
  device: (row, _v, labels) => listed(row.devices).some((device) => labels.includes(device)),
  tags: (row, _v, labels) => listed(row.tags).some((tag) => labels.includes(tag)),
  organization: (row, _v, labels) => labels.includes(row.organization_name as string),
  practice: (row, _v, labels) => labels.includes(row.practice_name as string),
  care_coordinator: (row, _v, labels) => labels.includes(row.care_coordinator as string),
  physician: (row, _v, labels) => labels.includes(row.physician as string),
  rpm_status: (row, _v, labels) => labels.includes(row.rpm_status as string),
  ccm_status: (row, _v, labels) => labels.includes(row.ccm_status as string),
  progress: (row, values) => values.includes(row.progress as string),
  minutes: (row, values) => values.some((value) => MINUTES[value]?.(row.rpm_minutes as number)),
  program: async (row, values) => {
    const s = await patientStatuses(row.patient_id);
    const inProgram: Record<string, boolean> = {
      rpm: [4, 5, 6].includes(s.rpm_status),
      ccm: s.ccm_status !== null && s.ccm_status !== 30,
      bhi: s.bhi_status !== null,
    };
    return values.some((value) => inProgram[value]);
  },
  silent: (row, values) =>
    row.days_since_reading === null || (row.days_since_reading as number) >= Number(values[0]),
  month: (row, values) => values.includes(row.month as string),
  // The program billing reports: 'Still Needs' names the missing document before the codes it blocks.
  need: (row, _v, labels) => labels.some((label) => String(row.still_needs ?? '').includes(`${label}: `)),
  assigned: async (row) => {
    const found = await t.db
      .selectFrom('device_assignments')
      .select('device_assign_id')
      .where('patient_id', '=', row.patient_id as number)
      .where('assigned_at', '>=', new Date(`${RANGE_FROM}T00:00:00Z`))
      .where('assigned_at', '<', new Date(`${shiftDay(TODAY, 1)}T00:00:00Z`))
      .executeTakeFirst();
    return found !== undefined;
  },
  referred: (row) => (utcDayOf(row.referred_at) ?? '') >= RANGE_FROM,
  state: (row, values) => values.includes(row.acknowledged_at === null ? 'open' : 'acknowledged'),
  level: (row, values) => values.includes(row.level as string),
  escalated: (row) => row.escalated_to !== null,
  vital: (row, _v, labels) => labels.includes(row.vital_type as string),
  patient: (row, values) => values.includes(String(row.patient_id)),
  raised: (row) => (utcDayOf(row.created_at) ?? '') >= RANGE_FROM,
  // Filters whose value no one row field shows.
  actor: (row, _v, labels) =>
    labels.includes(row.actor as string) || labels.includes(row.on_behalf_of as string),
  entity: (row, values) => values.includes(String(row.record).split(' ')[0] as string),
  returned: (row, values) => values.includes(row.returned_at === null ? 'open' : 'returned'),
  plan_id: (row, _v, labels) => labels.includes(`${row.payer} – ${row.plan_name}`),
  first_reading: (row, values) => values.includes(row.first_reading_at === null ? 'none' : 'received'),
  // Organization Groups: whether a group has an administrator.
  admin_state: (row, values) => values.includes(row.administrators === '' ? 'none' : 'named'),
  // Practice Intervention: the Note column shows the note itself.
  noted: (row, values) => values.includes(row.note === null ? 'no' : 'yes'),
  // Reading Report and Reports: whether the row counts readings out of range.
  out_of_range: (row, values) => values.includes((row.out_of_range as number) > 0 ? 'yes' : 'no'),
};

describe.each(LISTS.map((def) => [def.name, def] as const))('list %s', (_name, def) => {
  const sortable = def.columns.filter((column) => column.sortable).map((column) => column.key);

  it.each(sortable.flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]))(
    'sorts by %s %s, ties by id, nulls last',
    async (key, order) => {
      const { data, count } = await page(def, { orderby: key, order });
      expect(data.length).toBe(Math.min(count, 100));
      expectOrdered(data, def, key, order);
    },
  );

  it('pages: 10 by default, rowsPerPage 7 refused, the last page, past the end empty with the count', async () => {
    const first = await page(def, {}, viewer(def));
    const res = await get(def.calls.list, {}, viewer(def));
    expect(res.json().data.length).toBe(Math.min(first.count, 10));
    const seven = await get(def.calls.list, { rowsPerPage: 7 }, admin);
    expect(seven.statusCode).toBe(400);
    expect(seven.json().field).toBe('rowsPerPage');
    const last = Math.max(0, Math.ceil(first.count / 10) - 1);
    const lastPage = await page(def, { rowsPerPage: 10, page: last });
    expect(lastPage.data.length).toBe(first.count - last * 10);
    expect(lastPage.count).toBe(first.count);
    const past = await page(def, { rowsPerPage: 10, page: last + 1 });
    expect(past).toMatchObject({ data: [], count: first.count });
    // Paging is stable: the pages together are the list in order, each row once.
    const pages = await Promise.all(
      Array.from({ length: Math.min(last + 1, 3) }, (_, n) => page(def, { rowsPerPage: 10, page: n })),
    );
    const ids = pages.flatMap((p) => p.data.map((row) => row[def.idKey]));
    expect(ids).toEqual(first.data.slice(0, ids.length).map((row) => row[def.idKey]));
  });

  for (const filter of def.filters) {
    it(`filter ${filter.key} narrows to matching rows`, async () => {
      const matcher = shownMatcher(def, filter) ?? MATCHERS[filter.key];
      expect(matcher, `a matcher for filter '${filter.key}'`).toBeDefined();
      // Every default filter emptied (all), so each value is tried against the whole list.
      const noDefaults = Object.fromEntries(Object.keys(def.defaultFilters ?? {}).map((k) => [k, '']));
      const all = await page(def, noDefaults);
      const scoped = await options(def);
      let tried: [Record<string, string>, string[], string[]][] = [];
      if (filter.dateRange) {
        tried = [[{ [`${filter.key}_from`]: RANGE_FROM, [`${filter.key}_to`]: TODAY }, [], []]];
      } else if (filter.checkbox) {
        tried = [[{ [filter.key]: '1' }, ['1'], []]];
      } else if (filter.hidden) {
        const value = String(all.data[0]?.patient_id ?? '');
        tried = [[{ [filter.key]: value }, [value], []]];
      } else {
        const offered = filter.options ?? scoped[filter.key] ?? [];
        expect(offered.length, `options of ${filter.key}`).toBeGreaterThan(0);
        tried = offered.slice(0, 4).map((o) => [{ [filter.key]: o.value }, [o.value], [o.label]]);
      }
      let matched = 0;
      for (const [params, values, labels] of tried) {
        const { data, count } = await page(def, { ...noDefaults, ...params });
        expect(count).toBeLessThanOrEqual(all.count);
        for (const row of data)
          expect(await matcher?.(row, values, labels), JSON.stringify(params)).toBe(true);
        matched += data.length;
      }
      expect(matched, `some rows match ${filter.key}`).toBeGreaterThan(0);
    });
  }

  for (const key of Object.keys(def.defaultFilters ?? {})) {
    // A default computed from the day (a billing list's last whole month) is read on the test's day.
    const value = defaultFilterValue(def, key, TODAY) ?? '';
    it(`applies the default ${key}=${value} when absent, and all rows when empty`, async () => {
      const defaulted = await page(def, {});
      const explicit = await page(def, { [key]: value });
      expect(defaulted.count).toBe(explicit.count);
      const everything = await page(def, { [key]: '' });
      expect(everything.count).toBeGreaterThanOrEqual(defaulted.count);
    });
  }

  it("shows a user of another practice none of the rows of practices they don't belong to", async () => {
    if (!listOpenTo(otherPages, def)) {
      // A list whose access-list entry the user lacks answers 403 (000 §2.4).
      expect((await get(def.calls.list, {}, other)).statusCode).toBe(403);
      return;
    }
    const { data } = await page(def, {}, other);
    const patientIds = data.flatMap((row) => (typeof row.patient_id === 'number' ? [row.patient_id] : []));
    if (patientIds.length === 0) return;
    const outside = await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where('patient_id', 'in', patientIds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_practices as up')
              .select('up.user_id')
              .whereRef('up.practice_id', '=', 'patients.practice_id')
              .where('up.user_id', '=', otherUserId),
          ),
        ),
      )
      .execute();
    expect(outside).toEqual([]);
  });

  const scopedFilters = def.filters.filter((f) => !f.options && !f.dateRange && !f.checkbox && !f.hidden);
  if (scopedFilters.some((f) => f.kind !== 'month'))
    it('refuses a filter value outside the user’s scope with 403 naming the field', async () => {
      if (!listOpenTo(otherPages, def)) {
        // Held by role 1 only (the audit report): no user of a narrower scope may even ask for the options.
        expect((await get(def.calls.filterOptions, {}, other)).statusCode).toBe(403);
        return;
      }
      const everyone = await options(def, admin);
      const theirs = await options(def, other);
      const foreign = scopedFilters
        .filter((f) => f.kind !== 'month')
        .flatMap((f) => {
          const own = new Set((theirs[f.key] ?? []).map((o) => o.value));
          const value = (everyone[f.key] ?? []).find((o) => !own.has(o.value));
          return value ? [[f.key, value.value] as const] : [];
        })[0];
      expect(foreign).toBeDefined();
      const [key, value] = foreign as readonly [string, string];
      const res = await get(def.calls.list, { [key]: value }, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().field).toBe(key);
    });

  it('refuses a bad orderby with 400 naming the field', async () => {
    const res = await get(def.calls.list, { orderby: 'no_such_column' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('orderby');
  });

  const fixed = def.filters.find((f) => f.options);
  if (fixed)
    it(`refuses an unknown ${fixed.key} value with 400 naming the field`, async () => {
      const res = await get(def.calls.list, { [fixed.key]: 'no-such-value' }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(fixed.key);
    });

  for (const range of def.filters.filter((f) => f.dateRange)) {
    it(`refuses a reversed ${range.key} range with 400 naming ${range.key}_to`, async () => {
      const res = await get(
        def.calls.list,
        { [`${range.key}_from`]: TODAY, [`${range.key}_to`]: RANGE_FROM },
        admin,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(`${range.key}_to`);
    });
    if (!range.future)
      it(`refuses a future ${range.key} date with 400 naming ${range.key}_from (001 §5)`, async () => {
        const res = await get(def.calls.list, { [`${range.key}_from`]: shiftDay(TODAY, 3) }, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe(`${range.key}_from`);
      });
  }

  const exported = def.columns.filter((column) => !column.screenOnly).map((column) => column.label);
  const exportCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'export')
          .where('entity', '=', def.name)
          .executeTakeFirstOrThrow()
      ).n,
    );

  if (def.calls.csv) {
    const csvCall = def.calls.csv;
    it('exports the whole filtered list as CSV: echo lines, header, every row, audit row, no-store', async () => {
      const before = await exportCount();
      const by = exporter(def);
      const { count } = await page(def, {}, by.headers);
      const res = await get(csvCall, {}, by.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${def.title.replace(/[^A-Za-z0-9]+/g, '_')}_${TODAY}.csv"`,
      );
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(def.title);
      expect(lines.some((line) => /^Generated: \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M \S+/.test(line))).toBe(true);
      expect(lines).toContain(`By: ${by.name}`);
      const blank = lines.indexOf('');
      expect(lines[blank + 1]).toBe(exported.join(','));
      // Data lines: everything after the header, the last line ending with CRLF.
      expect(lines.slice(blank + 2, -1)).toHaveLength(count);
      expect(lines.at(-1)).toBe('');
      expect(await exportCount()).toBe(before + 1);
    });
  }

  if (def.calls.pdf) {
    const pdfCall = def.calls.pdf;
    it('exports the whole filtered list as PDF: title, header, page numbers, audit row', async () => {
      const before = await exportCount();
      const by = exporter(def);
      const res = await get(pdfCall, {}, by.headers);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
      const dir = mkdtempSync(join(tmpdir(), 'rpm-list-pdf-'));
      try {
        const file = join(dir, 'list.pdf');
        writeFileSync(file, res.rawPayload);
        const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
        expect(text).toContain(def.title);
        expect(text).toContain(exported[0]);
        expect(text).toContain(`By: ${by.name}`);
        expect(text).toMatch(/Page 1 of \d+/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(await exportCount()).toBe(before + 1);
    });
  }
});

describe('CSV formula neutralisation (OWASP CSV injection, CWE-1236)', () => {
  it('prefixes an apostrophe to cells starting with = + - @ tab or CR, and to nothing else', () => {
    for (const cell of ['=1+1', '+1', '-2', '@x', '\tx', '\rx']) expect(neutralise(cell)).toBe(`'${cell}`);
    for (const cell of ['x=1', '1', '', "'=already"]) expect(neutralise(cell)).toBe(cell);
  });

  it.each(LISTS.filter((def) => def.calls.csv && def.searchPlaceholder && def.name === 'patients'))(
    'writes formula-like patient names of $name neutralised',
    async (def) => {
      const res = await get(def.calls.csv as CallDef, { search: 'formula' }, nurse);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Search: formula');
      // The name cell begins with the name (its DOB and MRN or RPM ID follow).
      expect(res.body).toContain(`"'=HYPERLINK(""X""), FORMULA · DOB `);
      expect(res.body).toContain(`"'+1, FORMULA · DOB `);
      expect(res.body).toContain(`"'@X, FORMULA · DOB `);
    },
  );
});

describe('search by a row text beside the patient name (bff/src/lists/patient-search.ts)', () => {
  // Each list's own searchable text, as its row shows it: an IMEI, the IMEI in 'Device (IMEI)', a tracking number.
  const TEXTS: [string, (row: Row) => string | undefined][] = [
    ['device-history', (row) => row.imei as string],
    ['latest-assigned-devices', (row) => row.imei as string],
    ['alert-rules', (row) => /\((\w+)\)$/.exec(row.device as string)?.[1]],
    ['care-orders', (row) => (row.tracking_number as string | null) ?? undefined],
  ];
  it.each(TEXTS)('%s finds rows by that text, and by the patient name', async (name, textOf) => {
    const def = LISTS.find((list) => list.name === name) as ListDef;
    const noDefaults = Object.fromEntries(Object.keys(def.defaultFilters ?? {}).map((k) => [k, '']));
    const all = await page(def, noDefaults);
    const row = all.data.find((r) => textOf(r));
    const text = row && (textOf(row) as string);
    expect(text, `a ${name} row with its text`).toBeTruthy();
    const byText = await page(def, { ...noDefaults, search: text as string });
    expect(byText.count).toBeGreaterThan(0);
    expect(byText.count).toBeLessThan(all.count);
    for (const found of byText.data) expect(textOf(found)?.toLowerCase()).toContain(text?.toLowerCase());
    const last = String(row?.patient_name).split(',')[0] as string;
    const byName = await page(def, { ...noDefaults, search: last });
    expect(byName.data.map((r) => r[def.idKey])).toContain(row?.[def.idKey]);
    for (const found of byName.data)
      expect(String(found.patient_name).toLowerCase()).toContain(last.toLowerCase());
  });
});
