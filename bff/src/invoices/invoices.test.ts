// Over 300 lines: issue, numbering, totals, immutability, credit notes, scope, bad input and the PDFs of invoices.
import {
  BILLING_CODES,
  creditInvoice,
  INVOICE_TEXT,
  type InvoiceRow,
  invoicePdf,
  invoicesList,
  issueInvoice,
} from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PRACTICE_ACCESS } from '../billing/scope.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { organizationIdOf } from '../test-fixtures.js';
import { pdfText, pdfWords } from '../test-pdf.js';
import { allListRows } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every organisation
let biller: Signed; // role 10, Northwind
let otherBiller: Signed; // role 11, Riverside
/** Northwind's two practices and Riverside's first, by id. */
let northwind: readonly [number, number];
let riverside: number;

const MONTH = '2026-10';

async function practicesOf(organization: string): Promise<number[]> {
  const rows = await t.db
    .selectFrom('practices')
    .select('practice_id')
    .where('organization_id', '=', await organizationIdOf(t.db, organization))
    .orderBy('practice_id')
    .execute();
  return rows.map((row) => row.practice_id);
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 60, now: TEST_TODAY });
  admin = await signIn(t.app, 'role1@demo.test');
  biller = await signIn(t.app, 'role10@demo.test');
  otherBiller = await signIn(t.app, 'role11@demo.test');
  const [first, second] = await practicesOf('Northwind Cardiology Group');
  northwind = [first as number, second as number];
  riverside = (await practicesOf('Riverside Family Health'))[0] as number;
}, 180_000);
afterAll(async () => t?.close());

const issue = (who: Signed, practice_id: number, month = MONTH) =>
  injectCall(t.app, issueInvoice, { body: { practice_id, month } }, who);
const credit = (who: Signed, invoice_id: number, reason = 'Codes billed twice') =>
  injectCall(t.app, creditInvoice, { body: { invoice_id, reason } }, who);
const pdf = (who: Signed, invoice_id: number) =>
  injectCall(t.app, invoicePdf, { query: { invoice_id } }, who);
const listed = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<InvoiceRow>(t.app, invoicesList.calls.list, who, query);

/** The billed codes of a practice's month as billing_period_codes holds them, grouped as an invoice's lines. */
async function billed(practiceId: number) {
  const { rows } = await sql<{
    code: string;
    program: string;
    units: number;
    cents: number;
    patients: number;
  }>`
    select code, program, sum(units)::integer as units, sum(cents)::integer as cents,
      count(distinct patient_id)::integer as patients
    from billing_period_codes where practice_id = ${practiceId} and month = ${`${MONTH}-01`}::date
      and status = 'billed'
    group by rule_id, code, program order by code, program, rule_id`.execute(t.db);
  return rows;
}

async function linesOf(invoiceId: number) {
  return t.db
    .selectFrom('invoice_lines')
    .select(['code', 'program', 'description', 'units', 'patients', 'unit_cents', 'amount_cents'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('line_no')
    .execute();
}

let first: { invoice_id: number; number: string; total: number };

describe('issuing an invoice (000 §2.4 Invoices; decisions.md "Invoices")', () => {
  it("snapshots the month's billed codes by code: units, patients, price, and the total of their cents", async () => {
    const res = await issue(biller, northwind[0]);
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    expect(first.number).toBe('INV-2026-000001');
    expect(res.json().message).toBe(INVOICE_TEXT.issued('INV-2026-000001'));
    // issueInvoice refreshed the month first: the stored results are what the invoice holds.
    const expected = await billed(northwind[0]);
    expect(expected.length).toBeGreaterThan(1);
    const lines = await linesOf(first.invoice_id);
    expect(
      lines.map((line) => [line.code, line.program, line.units, line.patients, line.amount_cents]),
    ).toEqual(expected.map((row) => [row.code, row.program, row.units, row.patients, row.cents]));
    for (const line of lines) {
      expect(line.unit_cents * line.units).toBe(line.amount_cents);
      const rule = BILLING_CODES.find((r) => r.code === line.code && r.program === line.program);
      expect(line.description).toBe(rule?.label);
    }
    const cents = expected.reduce((sum, row) => sum + row.cents, 0);
    expect(first.total).toBe(cents / 100);
    const stored = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('invoice_id', '=', first.invoice_id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'invoice',
      practice_id: northwind[0],
      total_cents: cents,
      issued_by: biller.user.user_id,
      issued_at: TEST_TODAY,
    });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', 'issue_invoice')
      .where('entity_id', '=', String(first.invoice_id))
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ user_id: biller.user.user_id, detail: { number: first.number } });
  });

  it('numbers invoices in sequence per organisation', async () => {
    const second = await issue(biller, northwind[1]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().number).toBe('INV-2026-000002');
    const theirs = await issue(otherBiller, riverside);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().number).toBe('INV-2026-000001');
  });

  it('refuses a second invoice of the practice and month with 409 naming the existing one', async () => {
    const res = await issue(admin, northwind[0]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'month', message: INVOICE_TEXT.exists(first.number) });
  });

  it.each([
    ['the current month', '2026-11', INVOICE_TEXT.monthNotEnded],
    ['a future month', '2027-02', INVOICE_TEXT.monthNotEnded],
    ['a month with nothing billed', '2021-01', INVOICE_TEXT.nothingBilled],
  ])('refuses %s with 400 naming month', async (_what, month, message) => {
    const res = await issue(biller, northwind[1], month);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'month', message });
  });

  it.each([
    ['month', { practice_id: 1, month: '2026-13' }],
    ['month', { practice_id: 1, month: '10/2026' }],
    ['practice_id', { practice_id: 0, month: MONTH }],
    ['practice_id', { practice_id: 'x', month: MONTH }],
  ])('refuses a bad %s with 400 naming it', async (field, body) => {
    const res = await injectUnchecked(t.app, issueInvoice, { body }, biller);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('answers 404 for an unknown practice, and 403 for one of another organisation', async () => {
    const unknown = await issue(admin, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('practice_id');
    const foreign = await issue(otherBiller, northwind[1], '2026-09');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ field: 'practice_id', message: NO_PRACTICE_ACCESS });
  });

  it('is refused to a user without the Invoices page (403) and to nobody signed in (401)', async () => {
    const nurse = await signIn(t.app, 'role8@demo.test');
    expect((await issue(nurse, northwind[0], '2026-09')).statusCode).toBe(403);
    expect(
      (await injectCall(t.app, issueInvoice, { body: { practice_id: 1, month: MONTH } })).statusCode,
    ).toBe(401);
  });
});

describe('immutable once issued (migration 0043)', () => {
  it.each([
    ['invoices', 'UPDATE', sql`update invoices set total_cents = 0`],
    ['invoices', 'DELETE', sql`delete from invoices`],
    ['invoices', 'TRUNCATE', sql`truncate invoices cascade`],
    ['invoice_lines', 'UPDATE', sql`update invoice_lines set amount_cents = 0`],
    ['invoice_lines', 'DELETE', sql`delete from invoice_lines`],
  ])('the database refuses %s %s', async (table, op, statement) => {
    await expect(statement.execute(t.db)).rejects.toThrow(`${table} is immutable once issued: ${op} refused`);
    const lines = await linesOf(first.invoice_id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.amount_cents > 0)).toBe(true);
  });
});

describe('credit notes', () => {
  let note: { invoice_id: number; number: string; total: number };

  it('refuses a blank reason with 400 naming reason', async () => {
    const res = await injectUnchecked(
      t.app,
      creditInvoice,
      { body: { invoice_id: first.invoice_id, reason: '  ' } },
      biller,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('reason');
  });

  it('cancel the whole invoice: its own number, every line negated, the invoice shown Credited', async () => {
    const res = await credit(biller, first.invoice_id);
    expect(res.statusCode, res.body).toBe(200);
    note = res.json();
    expect(note.number).toBe('CN-2026-000001');
    expect(note.total).toBe(-first.total);
    const lines = await linesOf(first.invoice_id);
    expect(await linesOf(note.invoice_id)).toEqual(
      lines.map((line) => ({ ...line, units: -line.units, amount_cents: -line.amount_cents })),
    );
    const rows = await listed(biller, { month: MONTH });
    expect(rows.find((row) => row.invoice_id === first.invoice_id)).toMatchObject({
      status: 'Credited',
      kind: 'Invoice',
    });
    expect(rows.find((row) => row.invoice_id === note.invoice_id)).toMatchObject({
      number: 'CN-2026-000001',
      kind: 'Credit Note',
      status: 'Issued',
      reference: first.number,
      total: -first.total,
      period: MONTH,
    });
    const audited = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'credit_invoice')
      .where('entity_id', '=', String(note.invoice_id))
      .executeTakeFirstOrThrow();
    expect(audited.detail).toMatchObject({ credits: first.number, reason: 'Codes billed twice' });
  });

  it('refuses to credit an invoice twice, or a credit note, with 409', async () => {
    const twice = await credit(biller, first.invoice_id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INVOICE_TEXT.alreadyCredited(first.number));
    const ofNote = await credit(biller, note.invoice_id);
    expect(ofNote.statusCode).toBe(409);
    expect(ofNote.json().message).toBe(INVOICE_TEXT.notAnInvoice);
  });

  it('lets the practice and month be invoiced again, the new invoice naming the credited one', async () => {
    const res = await issue(biller, northwind[0]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: 'INV-2026-000003', total: first.total });
    const rows = await listed(biller, { search: 'INV-2026-000003' });
    expect(rows).toEqual([
      expect.objectContaining({ number: 'INV-2026-000003', status: 'Issued', reference: first.number }),
    ]);
    expect((await issue(biller, northwind[0])).statusCode).toBe(409);
  });
});

describe('scope: another organisation’s invoices', () => {
  it('are not listed, and answer 404 to credit and PDF', async () => {
    const theirs = await listed(otherBiller);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.number.startsWith('INV-') && row.practice_id === riverside)).toBe(true);
    expect((await credit(otherBiller, first.invoice_id)).statusCode).toBe(404);
    const file = await pdf(otherBiller, first.invoice_id);
    expect(file.statusCode).toBe(404);
    expect(file.json().field).toBe('invoice_id');
    // Role 1 sees every organisation's.
    const all = await listed(admin);
    expect(new Set(all.map((row) => row.practice_id))).toEqual(new Set([...northwind, riverside]));
  });
});

/** Whether the PDF draws the phrase as consecutive words (a header fact may wrap within its cell). */
async function drawsPhrase(bytes: Buffer, phrase: string): Promise<boolean> {
  const words = (await pdfWords(bytes)).map((word) => word.text).join(' ');
  return words.includes(phrase);
}

describe('PDF', () => {
  it('shows the header, each line and the total, as the list does', async () => {
    const res = await pdf(biller, first.invoice_id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${first.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Invoice ${first.number}`);
    expect(await drawsPhrase(res.rawPayload, 'Organisation: Northwind Cardiology Group')).toBe(true);
    expect(await drawsPhrase(res.rawPayload, 'Practice: Northwind Heart Clinic')).toBe(true);
    expect(await drawsPhrase(res.rawPayload, 'Period: October 2026 (10/01/2026 to 10/31/2026)')).toBe(true);
    expect(text).toContain('11/15/2026');
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const line of await linesOf(first.invoice_id)) {
      expect(text).toContain(line.code);
      expect(text).toContain(dollars.format(line.amount_cents / 100));
    }
    expect(text).toMatch(new RegExp(`Total\\s+${dollars.format(first.total).replace(/[$.]/g, '\\$&')}`));
  });

  it('of a credit note names the invoice it credits, the reason and the negated total', async () => {
    const [note] = await listed(biller, { search: 'CN-2026-000001' });
    const bytes = (await pdf(biller, note?.invoice_id as number)).rawPayload;
    const text = await pdfText(bytes);
    expect(text).toContain('Credit Note CN-2026-000001');
    expect(await drawsPhrase(bytes, `Credits invoice: ${first.number}`)).toBe(true);
    expect(await drawsPhrase(bytes, 'Reason: Codes billed twice')).toBe(true);
    expect(text).toContain(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(-first.total),
    );
  });
});
