import { billingCode, getEvidenceBundle, NEED_TEXTS, ruleText } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { pdfText } from '../test-pdf.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

/** October 2026: a whole month of the seeded history (TEST_TODAY is 2026-11-15). */
const OCTOBER = sql<Date>`${'2026-10-01'}::date`;
const FROM = new Date('2026-10-01T00:00:00Z');
const TO = new Date('2026-11-01T00:00:00Z');

let t: TestApp;
let biller: Signed; // role 10: every practice of Northwind
let riversideBiller: Signed; // role 11: Riverside's practices only
/** A Northwind patient-month of October with readings and RPM minutes. */
let row: {
  id: number;
  patient_id: number;
  reading_days: number;
  rpm_seconds: number;
  rtm_seconds: number;
  ccm_seconds: number;
  bhi_seconds: number;
  pcm_seconds: number;
};

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 160 });
  [biller, riversideBiller] = await Promise.all([
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'role11@demo.test'),
  ]);
  row = await t.db
    .selectFrom('patient_month_summary as s')
    .innerJoin('practices as p', 'p.practice_id', 's.practice_id')
    .innerJoin('organizations as o', 'o.organization_id', 'p.organization_id')
    .select(['s.id', 's.patient_id', 's.reading_days'])
    .select(['s.rpm_seconds', 's.rtm_seconds', 's.ccm_seconds', 's.bhi_seconds', 's.pcm_seconds'])
    .where('s.month', '=', OCTOBER)
    .where('o.organization_name', 'like', 'Northwind%')
    .where('s.reading_days', '>=', 16)
    .where('s.rpm_seconds', '>', 0)
    // The one with the most programs' minutes, so the totals by program are more than one line.
    .orderBy(sql`(s.ccm_seconds > 0)::int + (s.bhi_seconds > 0)::int + (s.pcm_seconds > 0)::int`, 'desc')
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => t.close());

const evidence = (who: Signed, id: number) =>
  injectUnchecked(t.app, getEvidenceBundle, { query: { id } }, who);

/** The lines of a section of the PDF's text: from its heading to the next section's heading. */
function sectionLines(text: string, heading: string, next: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith(heading));
  const end = lines.findIndex((line, n) => n > start && line.trim().startsWith(next));
  expect(start, heading).toBeGreaterThanOrEqual(0);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('getEvidenceBundle', () => {
  it('answers the patient-month as a PDF with the reading days, the minutes and every code with its rule', async () => {
    const res = await injectCall(t.app, getEvidenceBundle, { query: { id: row.id } }, biller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="RPM_Billing_Evidence_${row.patient_id}_2026-10.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    const patient = await t.db
      .selectFrom('patients')
      .select(['firstname', 'lastname', 'mrn'])
      .where('patient_id', '=', row.patient_id)
      .executeTakeFirstOrThrow();
    expect(flat).toContain(`Patient: ${patient.lastname.toUpperCase()}, ${patient.firstname.toUpperCase()}`);
    expect(flat).toContain(`RPM ID: ${row.patient_id}`);
    expect(flat).toContain('Month: October 2026');

    // Every UTC day with a reading, and their count as the summary counts them.
    const days = (
      await sql<{ day: string }>`select distinct to_char(taken_at at time zone 'UTC', 'MM/DD/YYYY') as day
        from readings where patient_id = ${row.patient_id} and taken_at >= ${FROM} and taken_at < ${TO}
        order by 1`.execute(t.db)
    ).rows.map((r) => r.day);
    expect(days).toHaveLength(row.reading_days);
    expect(flat).toContain(`Reading days: ${row.reading_days}`);
    const readingLines = sectionLines(text, 'Reading days:', 'Time logged');
    for (const day of days)
      expect(
        readingLines.some((line) => line.trim().startsWith(day)),
        day,
      ).toBe(true);

    // The totals by program are the summary's seconds, program by program.
    const totals = new Map(
      sectionLines(text, 'Minutes by program', 'Interactive contacts').flatMap((line) => {
        const match = /^\s*(RPM|RTM|CCM|BHI|PCM)\s+[\d:]+\s+(\d+)\s*$/.exec(line);
        return match ? [[match[1], Number(match[2])] as const] : [];
      }),
    );
    const summary = {
      RPM: row.rpm_seconds,
      RTM: row.rtm_seconds,
      CCM: row.ccm_seconds,
      BHI: row.bhi_seconds,
      PCM: row.pcm_seconds,
    };
    const logged = Object.entries(summary).filter(([, seconds]) => seconds > 0);
    expect(Object.fromEntries(totals)).toEqual(Object.fromEntries(logged));

    // Each stored code of the month, with its rule in words.
    const codes = await t.db
      .selectFrom('billing_period_codes')
      .select(['rule_id', 'code', 'status'])
      .where('summary_id', '=', row.id)
      .execute();
    expect(codes.length).toBeGreaterThan(0);
    const codeLines = sectionLines(text, 'Codes of the month', 'Codes not billed').map((line) =>
      line.replace(/\s+/g, ' '),
    );
    for (const code of codes) {
      const status = `${code.status[0]?.toUpperCase()}${code.status.slice(1)}`;
      expect(
        codeLines.some((line) => line.includes(`${code.code} `) && line.includes(status)),
        code.code,
      ).toBe(true);
      expect(flat).toContain(ruleText(billingCode(code.rule_id)));
    }
  });

  it('names what a blocked code lacks: a consent dated after the month blocks the device code', async () => {
    await t.db
      .updateTable('enrollment_orders')
      .set({ consent_date: '2026-11-20' })
      .where('patient_id', '=', row.patient_id)
      .execute();
    const res = await injectCall(t.app, getEvidenceBundle, { query: { id: row.id } }, biller);
    expect(res.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('billing_period_codes')
      .select(['status', 'unmet'])
      .where('summary_id', '=', row.id)
      .where('rule_id', '=', '99454')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'blocked', unmet: ['consent'] });
    const text = await pdfText(res.rawPayload);
    const notBilled = sectionLines(text, 'Codes not billed', '\u0000').map((line) =>
      line.replace(/\s+/g, ' '),
    );
    expect(notBilled).toContainEqual(expect.stringContaining(`99454 Blocked ${NEED_TEXTS.consent}`));
    expect(text.replace(/\s+/g, ' ')).toContain('11/20/2026 No: dated after the month');
  });

  it('writes an audit row of the export naming the patient and the month', async () => {
    const before = await rowCounts(t.db, ['audit_log']);
    expect((await evidence(biller, row.id)).statusCode).toBe(200);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual({ audit_log: before.audit_log + 1 });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'entity', 'entity_id', 'detail'])
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      user_id: biller.user.user_id,
      action: 'export',
      entity: 'billing_evidence',
      entity_id: String(row.id),
    });
    const detail = typeof entry.detail === 'string' ? JSON.parse(entry.detail) : entry.detail;
    expect(detail).toEqual({ format: 'pdf', patient_id: row.patient_id, month: '2026-10' });
  });

  it("answers 403 for another organisation's patient-month and 404 for an unknown id, writing nothing", async () => {
    const before = await rowCounts(t.db, ['audit_log']);
    const forbidden = await evidence(riversideBiller, row.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 403, field: 'id' });
    const unknown = await evidence(biller, 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, field: 'id' });
    const bad = await evidence(biller, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(before);
  });
});
