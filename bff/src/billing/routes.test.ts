// Over 300 lines: every billing route test shares one app seeded with 160 patients (seconds to build); split
// files would each seed their own.
import {
  type BillingRow,
  claimReport,
  generateBillingReport,
  getAllPractices,
  getBillingCountSummary,
  getBillingDetails,
  searchPracticeByUserId,
} from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { pdfText } from '../test-pdf.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
type Details = { status: number; data: BillingRow[]; columns: string[]; count: number; total: number };

/** October 2026: a whole month of the seeded history (TEST_TODAY is 2026-11-15). */
const MONTH = { month: '10', year: '2026' };
/** The same month as a date value for queries (date columns are written as ISO days). */
const OCTOBER = sql<Date>`${'2026-10-01'}::date`;

let t: TestApp;
let biller: Signed; // role 10: every practice of Northwind, its organisation
let admin: Signed; // role 1: every practice of every organisation
let riversideBiller: Signed; // role 11: Riverside's two practices only
let orgAdmin: Signed; // role 2: Northwind's practices, has 'Billing Report'
let physician: Signed; // role 6: no billing pages
let northwind: { id: number; name: string }; // the Northwind practice with the most rows in October
let riverside: number[];

/** Signs everybody in (again after the clock moved past the idle limit). */
async function signInAll(): Promise<void> {
  [admin, biller, riversideBiller, orgAdmin, physician] = await Promise.all([
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'role11@demo.test'),
    signIn(t.app, 'role2@demo.test'),
    signIn(t.app, 'role6@demo.test'),
  ]);
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 160 });
  await signInAll();
  const practices = await t.db
    .selectFrom('practices')
    .innerJoin('organizations', 'organizations.organization_id', 'practices.organization_id')
    .leftJoin('patient_month_summary as s', (join) =>
      join
        .onRef('s.practice_id', '=', 'practices.practice_id')
        .on('s.month', '=', OCTOBER)
        .on('s.rpm_listed', '=', true),
    )
    .select(['practices.practice_id', 'practices.practice_name', 'organizations.organization_name'])
    .select((eb) => eb.fn.count<number>('s.id').as('n'))
    .groupBy(['practices.practice_id', 'practices.practice_name', 'organizations.organization_name'])
    .orderBy('n', 'desc')
    .execute();
  const north = practices.find((p) => p.organization_name.startsWith('Northwind'));
  if (!north) throw new Error('no Northwind practice');
  northwind = { id: north.practice_id, name: north.practice_name };
  riverside = practices.filter((p) => p.organization_name.startsWith('Riverside')).map((p) => p.practice_id);
});
afterAll(async () => t.close());

/** The report's month, practice and search travel in headers (001 §2.1, §7); the query may hold bad values. */
const details = (who: Signed, headers: Record<string, string>, query: Record<string, unknown> = {}) =>
  injectUnchecked(t.app, getBillingDetails, { query, headers }, who);
const report = (who: Signed, headers: Record<string, string>) =>
  injectCall(t.app, generateBillingReport, { headers }, who);
const countSummary = (who: Signed, headers: Record<string, string>) =>
  injectCall(t.app, getBillingCountSummary, { headers }, who);
const practiceList = (who: Signed) => injectCall(t.app, getAllPractices, {}, who);

/** Every row of a report, through the API, 100 at a time. */
async function allRows(
  who: Signed,
  headers: Record<string, string>,
  sort: Record<string, string> = {},
): Promise<Details> {
  const first = (await details(who, headers, { rowsPerPage: 100, page: 0, ...sort })).json() as Details;
  const data = [...first.data];
  for (let page = 1; page * 100 < first.count; page++)
    data.push(...((await details(who, headers, { rowsPerPage: 100, page, ...sort })).json() as Details).data);
  return { ...first, data };
}

const practiceHeaders = () => ({ ...MONTH, practice: String(northwind.id) });

describe('getBillingDetails (001 §2.1, §3, §7)', () => {
  it('answers the first page by patient id with the spec columns, the count and the total of the month', async () => {
    const res = await details(biller, practiceHeaders());
    expect(res.statusCode).toBe(200);
    const body = res.json() as Details;
    // Listed: the patient-months with an RPM or RTM code reached, billed or blocked (the stored period results).
    const expectedCount = await t.db
      .selectFrom('billing_period_codes')
      .select((eb) => eb.fn.count<number>('summary_id').distinct().as('n'))
      .where('practice_id', '=', northwind.id)
      .where('month', '=', OCTOBER)
      .where('program', 'in', ['RPM', 'RTM'])
      .where('status', '<>', 'excluded')
      .executeTakeFirstOrThrow();
    expect(body.status).toBe(1);
    expect(body.columns.slice(0, 5)).toEqual([
      'Setup',
      '16 Days Readings',
      'RPM Time-20 mins',
      'RPM Time-40 mins',
      'RPM Time-60 mins',
    ]);
    // Further columns are codes billed this month, named by code and description.
    for (const name of body.columns.slice(5)) expect(name).toMatch(/^\d{5} (RPM|RTM) /);
    expect(body.count).toBe(expectedCount.n);
    expect(body.count).toBeGreaterThan(20);
    expect(body.data).toHaveLength(10);
    const ids = body.data.map((row) => row.patient_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const all = await allRows(biller, practiceHeaders());
    expect(all.data).toHaveLength(body.count);
    const cents = all.data.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
    expect(Math.round(body.total * 100)).toBe(cents);
    expect(body.total).toBeGreaterThan(0);
  });

  it('answers each row with the patient, the set-up date, the codes and a claim flag', async () => {
    const body = (await details(biller, practiceHeaders())).json() as Details;
    const row = body.data[0] as BillingRow;
    const patient = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('patient_id', '=', row.patient_id)
      .executeTakeFirstOrThrow();
    const summary = await t.db
      .selectFrom('patient_month_summary')
      .selectAll()
      .where('id', '=', row.patients_cpt_id)
      .executeTakeFirstOrThrow();
    const billed = await t.db
      .selectFrom('billing_period_codes')
      .select(['rule_id', 'units'])
      .where('summary_id', '=', row.patients_cpt_id)
      .where('status', '=', 'billed')
      .execute();
    const units = (rule: string) => billed.find((b) => b.rule_id === rule)?.units ?? 0;
    const shows = (rule: string, unit = 1) => (units(rule) >= unit ? rule : null);
    expect(row).toMatchObject({
      patient_name: `${patient.lastname}, ${patient.firstname}`,
      dob: patient.dob.toISOString().slice(0, 10),
      diagnosis_code: patient.diagnosis_code,
      auth_number: patient.auth_number,
      assigned_date: summary.setup_date?.toISOString().slice(0, 10) ?? null,
      setup_cpt: shows('99453'),
      compliance_cpt: shows('99454'),
      activity_time_cpt: shows('99457'),
      more_activity_time_cpt: shows('99458'),
      activity_time_60_cpt: shows('99458', 2),
      RPM_claim: 0,
      RPM_claim_date: null,
    });
    expect(summary.patient_id).toBe(row.patient_id);
    expect(summary.practice_id).toBe(northwind.id);
  });

  it('pages on the server: pages of 10 and 25 together are the whole list, in order, without repeats', async () => {
    const all = await allRows(biller, practiceHeaders());
    for (const size of [10, 25]) {
      const seen: number[] = [];
      for (let page = 0; page * size < all.count; page++) {
        const body = (
          await details(biller, practiceHeaders(), { rowsPerPage: size, page })
        ).json() as Details;
        expect(body.data.length).toBe(Math.min(size, all.count - page * size));
        seen.push(...body.data.map((row) => row.patient_id));
      }
      expect(seen).toEqual(all.data.map((row) => row.patient_id));
    }
    const beyond = (
      await details(biller, practiceHeaders(), { rowsPerPage: 50, page: 99 })
    ).json() as Details;
    expect(beyond.data).toEqual([]);
    expect(beyond.count).toBe(all.count);
  });

  it.each([
    ['patient_id', 'asc'],
    ['patient_id', 'desc'],
    ['patient_name', 'asc'],
    ['patient_name', 'desc'],
    ['assigned_date', 'asc'],
    ['assigned_date', 'desc'],
  ] as const)('sorts by %s %s across pages', async (orderby, order) => {
    const all = await allRows(biller, practiceHeaders(), { orderby, order });
    const sign = order === 'asc' ? 1 : -1;
    const key = (row: BillingRow): string | number | null =>
      orderby === 'patient_id'
        ? row.patient_id
        : orderby === 'patient_name'
          ? row.patient_name.toLowerCase()
          : row.assigned_date;
    const compare = (a: BillingRow, b: BillingRow) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) {
        // An index scan gives nulls last ascending and first descending.
        if (ka === null) return sign;
        if (kb === null) return -sign;
        return (ka < kb ? -1 : 1) * sign;
      }
      return (a.patient_id - b.patient_id) * sign;
    };
    expect(all.data.map((row) => row.patient_id)).toEqual(
      [...all.data].sort(compare).map((row) => row.patient_id),
    );
    expect(new Set(all.data.map((row) => row.patient_id)).size).toBe(all.count);
  });

  it('searches by patient name (any order of the words) or by patient id', async () => {
    const all = await allRows(biller, practiceHeaders());
    const target = all.data[3] as BillingRow;
    const [last, first] = target.patient_name.split(', ') as [string, string];
    const byName = (
      await details(
        biller,
        { ...practiceHeaders(), search: `${first} ${last}`.toUpperCase() },
        { rowsPerPage: 100 },
      )
    ).json() as Details;
    expect(byName.data.map((row) => row.patient_id)).toContain(target.patient_id);
    for (const row of byName.data) expect(row.patient_name.toLowerCase()).toContain(last.toLowerCase());
    expect(byName.count).toBe(byName.data.length);
    // Sent URI-encoded, as the contract asks (header values are Latin-1 only).
    const encoded = (
      await details(
        biller,
        { ...practiceHeaders(), search: encodeURIComponent(`${last}, ${first}`) },
        { rowsPerPage: 100 },
      )
    ).json() as Details;
    expect(encoded.data.map((row) => row.patient_id)).toContain(target.patient_id);
    const byId = (
      await details(biller, { ...practiceHeaders(), search: String(target.patient_id) })
    ).json() as Details;
    expect(byId.data.map((row) => row.patient_id)).toEqual([target.patient_id]);
    expect(byId.total).toBe(target.amount);
    const none = (
      await details(biller, { ...practiceHeaders(), search: 'zz%_no-such-name' })
    ).json() as Details;
    expect(none).toMatchObject({ count: 0, data: [], total: 0 });
  });

  it('lists every practice in scope without a practice header, narrowed by organisation', async () => {
    const everything = (await details(admin, MONTH)).json() as Details;
    const inPractice = (await details(admin, practiceHeaders())).json() as Details;
    expect(everything.count).toBeGreaterThan(inPractice.count);
    const organization = await t.db
      .selectFrom('practices')
      .select('organization_id')
      .where('practice_id', '=', northwind.id)
      .executeTakeFirstOrThrow();
    const org = (
      await details(admin, { ...MONTH, organization: String(organization.organization_id) })
    ).json() as Details;
    expect(org.count).toBeGreaterThanOrEqual(inPractice.count);
    expect(org.count).toBeLessThan(everything.count);
  });

  it('accepts the selector value practice##location and limits the rows to the location', async () => {
    const location = await t.db
      .selectFrom('locations')
      .select('location_id')
      .where('practice_id', '=', northwind.id)
      .orderBy('location_id')
      .executeTakeFirstOrThrow();
    const body = (
      await details(
        biller,
        { ...MONTH, practice: `${northwind.id}##${location.location_id}` },
        { rowsPerPage: 100 },
      )
    ).json() as Details;
    const expected = await t.db
      .selectFrom('patient_month_summary')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('location_id', '=', location.location_id)
      .where('month', '=', OCTOBER)
      .where('rpm_listed', '=', true)
      .executeTakeFirstOrThrow();
    expect(body.count).toBe(expected.n);
    const empty = (await details(biller, { ...MONTH, practice: `${northwind.id}##` })).json() as Details;
    expect(empty.count).toBe(((await details(biller, practiceHeaders())).json() as Details).count);
  });
});

describe('scope (001 §6)', () => {
  it('refuses a biller of one organisation a practice of another: 403 naming the practice', async () => {
    const res = await details(riversideBiller, practiceHeaders());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, field: 'practice' });
    const pdf = await report(riversideBiller, practiceHeaders());
    expect(pdf.statusCode).toBe(403);
    const counts = await countSummary(riversideBiller, practiceHeaders());
    expect(counts.statusCode).toBe(403);
  });

  it('refuses a restricted biller any practice outside their memberships without saying whether it exists', async () => {
    const unknown = await details(riversideBiller, { ...MONTH, practice: '999999' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ field: 'practice' });
  });

  it('refuses an organisation administrator (role 2) the other organisation’s practice', async () => {
    const res = await details(orgAdmin, { ...MONTH, practice: String(riverside[0]) });
    expect(res.statusCode).toBe(403);
  });

  it('shows a restricted biller only their own practices when no practice is selected', async () => {
    const mine = await allRows(riversideBiller, MONTH);
    expect(mine.count).toBeGreaterThan(0);
    const practices = await t.db
      .selectFrom('patients')
      .select('practice_id')
      .where(
        'patient_id',
        'in',
        mine.data.map((row) => row.patient_id),
      )
      .distinct()
      .execute();
    for (const { practice_id } of practices) expect(riverside).toContain(practice_id);
    const other = await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_name', 'like', 'Northwind%')
      .executeTakeFirstOrThrow();
    const refused = await details(riversideBiller, { ...MONTH, organization: String(other.organization_id) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ field: 'organization' });
  });

  it('refuses role 10 a practice of an organisation it does not belong to; only role 1 spans organisations (issue 11 #5)', async () => {
    const res = await details(biller, { ...MONTH, practice: String(riverside[0]) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ field: 'practice' });
    expect((await details(admin, { ...MONTH, practice: String(riverside[0]) })).statusCode).toBe(200);
  });

  it('gives role 10 the full practice list of its own organisations, with every row of them (001 §6; issue 11 #5)', async () => {
    const options = await practiceList(biller);
    const ids = (options.json().data as { practice_id: number }[]).map((o) => o.practice_id);
    expect(ids).toContain(northwind.id);
    for (const id of riverside) expect(ids).not.toContain(id);
    const all = await allRows(biller, MONTH);
    const practices = await t.db
      .selectFrom('patients')
      .select('practice_id')
      .where('patient_id', 'in', [0, ...all.data.map((row) => row.patient_id)])
      .distinct()
      .execute();
    for (const { practice_id } of practices) expect(riverside).not.toContain(practice_id);
    expect(all.count).toBeGreaterThan(0);
  });

  it('refuses users without the Billing Report page', async () => {
    const res = await details(physician, practiceHeaders());
    expect(res.statusCode).toBe(403);
  });
});

describe('bad headers: 4xx naming the field, nothing written', () => {
  it.each([
    [{ month: '13', year: '2026' }, 400, 'month'],
    [{ month: '0', year: '2026' }, 400, 'month'],
    [{ month: '10', year: '1999' }, 400, 'year'],
    [{ month: 'x', year: '2026' }, 400, 'month'],
    [{ month: '10', year: '2026', practice: 'abc' }, 400, 'practice'],
    [{ month: '10', year: '2026', practice: '999999' }, 404, 'practice'],
    [{ month: '10', year: '2026', practice: '1##999999' }, 404, 'practice'],
    [{ month: '10', year: '2026', organization: '999999' }, 404, 'organization'],
    [{ year: '2026' }, 400, 'month'],
  ])('%o → %i (%s)', async (headers, status, field) => {
    const before = await rowCounts(t.db, ['audit_log', 'billing_claims', 'patient_month_summary']);
    for (const call of [getBillingDetails, generateBillingReport, getBillingCountSummary]) {
      const url = call.path;
      const res = await injectUnchecked(t.app, call, { headers: headers as Record<string, string> }, admin);
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toMatchObject({ status, field });
      expect(res.json().message, url).toEqual(expect.any(String));
    }
    expect(await rowCounts(t.db, ['audit_log', 'billing_claims', 'patient_month_summary'])).toEqual(before);
  });

  it.each([
    [{ rowsPerPage: 30 }, 'rowsPerPage'],
    [{ orderby: 'dob' }, 'orderby'],
    [{ order: 'up' }, 'order'],
    [{ page: -1 }, 'page'],
  ])('query %o → 400 naming %s', async (query, field) => {
    const res = await details(biller, practiceHeaders(), query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });
});

describe('claimRPMReport (001 §2.1, §4 Billing)', () => {
  const claim = (who: Signed, id: number | string) =>
    injectUnchecked(t.app, claimReport, { query: { id } }, who);

  it('records the claim date once, audited; a repeat answers the first date and writes nothing', async () => {
    const row = ((await details(biller, practiceHeaders())).json() as Details).data[1] as BillingRow;
    const before = await rowCounts(t.db, ['audit_log', 'billing_claims']);
    const today = t.clock.now().toISOString().slice(0, 10);
    const first = await claim(biller, row.patients_cpt_id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 1, claim_date: today });
    const afterFirst = await rowCounts(t.db, ['audit_log', 'billing_claims']);
    expect(afterFirst).toEqual({
      audit_log: before.audit_log + 1,
      billing_claims: before.billing_claims + 1,
    });
    const auditRow = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'billing_claim')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(auditRow).toMatchObject({
      user_id: biller.user.user_id,
      entity: 'patient_month_summary',
      entity_id: String(row.patients_cpt_id),
      detail: { patient_id: row.patient_id, month: '2026-10-01' },
    });

    // Days later (signed in again: the sessions went idle), the repeat answers the first date and writes nothing.
    t.clock.advance(3 * 86_400_000);
    await signInAll();
    const beforeRepeat = await rowCounts(t.db, ['audit_log', 'billing_claims']);
    const again = await claim(biller, row.patients_cpt_id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 1, claim_date: today });
    expect(await rowCounts(t.db, ['audit_log', 'billing_claims'])).toEqual(beforeRepeat);
    expect(beforeRepeat.billing_claims).toBe(afterFirst.billing_claims);

    const reloaded = ((await details(biller, practiceHeaders())).json() as Details).data[1] as BillingRow;
    expect(reloaded).toMatchObject({ patient_id: row.patient_id, RPM_claim: 1, RPM_claim_date: today });
  });

  it('answers two claims at once with one date and one claim', async () => {
    const row = ((await details(biller, practiceHeaders())).json() as Details).data[2] as BillingRow;
    const before = await rowCounts(t.db, ['audit_log', 'billing_claims']);
    const [a, b] = await Promise.all([
      claim(biller, row.patients_cpt_id),
      claim(biller, row.patients_cpt_id),
    ]);
    expect(a.json().claim_date).toBe(b.json().claim_date);
    const after = await rowCounts(t.db, ['audit_log', 'billing_claims']);
    expect(after).toEqual({ audit_log: before.audit_log + 1, billing_claims: before.billing_claims + 1 });
  });

  it('refuses a claim outside the scope (403) or of an unknown row (404), writing nothing', async () => {
    const row = ((await details(biller, practiceHeaders())).json() as Details).data[5] as BillingRow;
    const before = await rowCounts(t.db, ['audit_log', 'billing_claims']);
    const refused = await claim(riversideBiller, row.patients_cpt_id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ field: 'id' });
    const unknown = await claim(biller, 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect((await claim(biller, 'abc')).statusCode).toBe(400);
    expect(await rowCounts(t.db, ['audit_log', 'billing_claims'])).toEqual(before);
  });
});

describe('generateBillingReport (001 §2.1, §7)', () => {
  it('answers the whole month as a PDF naming the month and practice, holding every row', async () => {
    const all = await allRows(biller, practiceHeaders());
    const res = await report(biller, practiceHeaders());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const fileName = `RPM_Billing_Report_2026-10_${northwind.name.replace(/[^A-Za-z0-9]+/g, '_')}.pdf`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('RPM Billing Report');
    expect(text).toContain('October 2026');
    expect(text).toContain(northwind.name);
    const lines = text.split('\n');
    for (const row of all.data) {
      const line = lines.find((candidate) => new RegExp(`^\\s*${row.patient_id}\\s`).test(candidate));
      expect(line, `row of patient ${row.patient_id}`).toBeDefined();
      // The last name starts the cell; a long row may wrap the first name under it.
      expect(line).toContain(`${row.patient_name.toUpperCase().split(', ')[0]},`);
      for (const code of [row.setup_cpt, row.compliance_cpt, row.activity_time_cpt])
        if (code) expect(line).toContain(code);
    }
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(all.total);
    expect(text).toContain(`Total revenue: ${money}`);
  });

  it('answers an empty month as a PDF saying No Records Found', async () => {
    const res = await report(biller, { month: '1', year: '2021', practice: String(northwind.id) });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('No Records Found');
  });
});

describe('practices (001 §3, §6, §7)', () => {
  it('getAllPractices: every practice for role 1, the own ones for role 11', async () => {
    const all = await practiceList(admin);
    const count = await rowCounts(t.db, ['practices']);
    expect(all.json().data).toHaveLength(count.practices);
    const own = await practiceList(riversideBiller);
    expect(
      own
        .json()
        .data.map((p: { practice_id: number }) => p.practice_id)
        .sort(),
    ).toEqual([...riverside].sort());
    expect(own.json().data[0]).toEqual({
      practice_id: expect.any(Number),
      org_id: expect.any(Number),
      label: expect.any(String),
    });
  });

  it('searchPracticeByUserId: names containing the term, within the scope', async () => {
    const term = northwind.name.split(' ')[1] as string;
    const search = (who: Signed, search_term: string) =>
      injectCall(
        t.app,
        searchPracticeByUserId,
        {
          body: {
            search_term,
            organization_id: null,
            is_external_sleep_coord: 0,
            is_external_care_coord: 0,
          },
        },
        who,
      );
    const found = (await search(biller, term.toUpperCase())).json();
    expect(found.data.map((p: { label: string }) => p.label)).toContain(northwind.name);
    expect((await search(riversideBiller, term)).json().data).toEqual([]);
    expect((await search(biller, '%')).json().data).toEqual([]);
  });
});

describe('getBillingCountSummary (001 §3)', () => {
  it('counts the month’s patients per code in the scope, with the revenue', async () => {
    const res = await countSummary(biller, practiceHeaders());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const count = async (rule: string, unit = 1) =>
      (
        await t.db
          .selectFrom('billing_period_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('practice_id', '=', northwind.id)
          .where('month', '=', OCTOBER)
          .where('rule_id', '=', rule)
          .where('status', '=', 'billed')
          .where('units', '>=', unit)
          .executeTakeFirstOrThrow()
      ).n;
    expect(body.data).toEqual({
      count99453: await count('99453'),
      count99454: await count('99454'),
      count99457: await count('99457'),
      count99458_40Mins: await count('99458'),
      count99458_60Mins: await count('99458', 2),
      count98980: await count('98980'),
      count98981_40Mins: await count('98981'),
      count98981_60Mins: await count('98981', 2),
    });
    expect(body.data.count99454).toBeGreaterThan(0);
    // The RPM report's total is the dashboard's RPM share; the reports' totals sum to the dashboard's.
    const report = (await details(biller, practiceHeaders())).json() as Details;
    const shares = body.reports as { report: string; amount: number }[];
    expect(shares.find((r) => r.report === 'rpm')?.amount).toBe(report.total);
    expect(Math.round(body.total * 100)).toBe(shares.reduce((sum, r) => sum + Math.round(r.amount * 100), 0));
    // Every bar is a code billed; their dollars are the whole total.
    const bars = body.codes as { amount: number; patients: number }[];
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.reduce((sum, b) => sum + Math.round(b.amount * 100), 0)).toBe(Math.round(body.total * 100));
  });
});
