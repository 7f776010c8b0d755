import { CLAIM_TEXT, type DenialRow, denialsList, resubmitClaimLine } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, signIn, type TestApp } from '../test-app.js';
import { allListRows, rowCounts } from '../test-rows.js';
import {
  commit,
  csvFile,
  CLAIM_HEADER as HEADER,
  previewed,
  type Signed,
  startClaimUploads,
} from '../uploads/test-world.js';

let t: TestApp;
let biller: Signed; // role 10, Northwind
let otherBiller: Signed; // role 11, Riverside
let patient: number;
let line: Awaited<ReturnType<typeof startClaimUploads>>['line'];

beforeAll(async () => {
  let patients: readonly [number, number];
  ({ t, biller, otherBiller, line, patients } = await startClaimUploads());
  patient = patients[0];
});
afterAll(async () => {
  await t.close();
});

/** Uploads and commits claim lines as the biller, updating existing ones. */
async function upload(...rows: string[][]) {
  const summary = await previewed(t, 'claims', csvFile([HEADER, ...rows]), biller);
  const res = await commit(t, 'claims', biller, summary.upload_id, { update_existing: true });
  expect(res.statusCode).toBe(200);
}

const worklist = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<DenialRow>(t.app, denialsList.calls.list, who, query);

const lineId = async (claim: string) =>
  (
    await t.db
      .selectFrom('claim_status_lines')
      .select('line_id')
      .where('claim_number', '=', claim)
      .executeTakeFirstOrThrow()
  ).line_id;

const resubmit = (who: Signed, id: number) =>
  injectCall(t.app, resubmitClaimLine, { body: { line_id: id } }, who);

describe('Denials Worklist (000 §2.4 Billing Uploads; decisions.md "Denials worklist")', () => {
  it('lists a denied line with its patient, the age of the service and whether the month was claimed', async () => {
    await upload(
      line('W-1', { date_of_service: '10/05/2026', amount: '51.77' }),
      line('W-2', { status: 'paid', denial_reason: '' }),
    );
    const before = await worklist(biller, { search: 'W-' });
    expect(before.map((r) => r.claim_number)).toEqual(['W-1']);
    expect(before[0]).toMatchObject({
      patient_id: patient,
      patient_name: expect.stringMatching(/^Claimson, /),
      patient: { patient_id: patient, mrn: 'CS-0001', same_name: false },
      mrn: 'CS-0001',
      cpt_code: '99454',
      date_of_service: '2026-10-05',
      amount: 51.77,
      denial_reason: 'CO-197 Precertification/authorization absent',
      // TEST_TODAY is 2026-11-15.
      age_days: 41,
      claim_sent: null,
      history: expect.stringMatching(/^Denied \d\d\/\d\d\/\d{4}$/),
    });
    // The product's claim of the patient's October ('Claim Sent', 001 §2.1) links by patient and month.
    await t.db
      .insertInto('billing_claims')
      .values({
        patient_id: patient,
        month: '2026-10-01',
        claimed_at: new Date('2026-11-03T15:00:00Z'),
        claimed_by: biller.user.user_id,
      })
      .execute();
    expect((await worklist(biller, { search: 'W-1' }))[0]?.claim_sent).toBe('2026-11-03');
    // The reason filter offers the reasons on the worklist.
    const options = await injectCall(t.app, denialsList.calls.filterOptions, {}, biller);
    const reason = options.json().data.reason.find((o: { label: string }) => o.label.startsWith('CO-197'));
    expect(reason).toBeDefined();
    const byReason = await worklist(biller, { reason: reason.value });
    expect(byReason.every((r) => r.denial_reason === reason.label)).toBe(true);
    expect(byReason.map((r) => r.claim_number)).toContain('W-1');
  });

  it('Resubmit records who and when, audited; the line leaves the worklist; a second one is a 409', async () => {
    await upload(line('R-1'));
    const id = await lineId('R-1');
    const res = await resubmit(biller, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CLAIM_TEXT.resubmitted);
    const row = await t.db
      .selectFrom('claim_status_lines')
      .select(['resubmitted_at', 'resubmitted_by'])
      .where('line_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.resubmitted_by).toBe(biller.user.user_id);
    expect(row.resubmitted_at?.toISOString()).toBe(t.clock.now().toISOString());
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', 'resubmit_claim_line')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toEqual([
      {
        user_id: biller.user.user_id,
        detail: { patient_id: patient, claim: 'R-1', code: '99454', date_of_service: '2026-10-02' },
      },
    ]);
    expect((await worklist(biller, { search: 'R-1' })).map((r) => r.line_id)).toEqual([]);
    const before = await rowCounts(t.db, ['audit_log', 'claim_status_lines']);
    const again = await resubmit(biller, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'line_id', message: CLAIM_TEXT.alreadyResubmitted });
    expect(await rowCounts(t.db, ['audit_log', 'claim_status_lines'])).toEqual(before);
  });

  it('puts a resubmitted line back when a later file denies it again; a paid line is not resubmitted (409)', async () => {
    await upload(line('R-2'));
    const id = await lineId('R-2');
    expect((await resubmit(biller, id)).statusCode).toBe(200);
    // The same denial again is unchanged: the line stays off the worklist.
    await upload(line('R-2'));
    expect(await worklist(biller, { search: 'R-2' })).toEqual([]);
    await upload(line('R-2', { denial_reason: 'CO-16 Claim lacks information needed for adjudication' }));
    const back = await worklist(biller, { search: 'R-2' });
    expect(back.map((r) => [r.line_id, r.denial_reason])).toEqual([
      [id, 'CO-16 Claim lacks information needed for adjudication'],
    ]);
    expect(back[0]?.history).toMatch(/^Denied \S+; Denied \S+$/);
    await upload(line('R-3', { status: 'paid', denial_reason: '' }));
    const paid = await resubmit(biller, await lineId('R-3'));
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ field: 'line_id', message: CLAIM_TEXT.notDenied });
  });

  it("keeps another organisation's biller out: none of the lines listed, 404 on Resubmit, 403 without the page", async () => {
    await upload(line('S-1'));
    const id = await lineId('S-1');
    const theirs = await worklist(otherBiller);
    expect(theirs.length).toBeGreaterThan(0); // the seed's denials of their practices
    expect(theirs.map((r) => r.claim_number)).not.toContain('S-1');
    const organizations = await t.db
      .selectFrom('patients')
      .select('organization_id')
      .distinct()
      .where('patient_id', 'in', [0, ...theirs.map((r) => r.patient_id)])
      .execute();
    const northwind = await t.db
      .selectFrom('patients')
      .select('organization_id')
      .where('patient_id', '=', patient)
      .executeTakeFirstOrThrow();
    expect(organizations.map((o) => o.organization_id)).not.toContain(northwind.organization_id);
    const foreign = await resubmit(otherBiller, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ field: 'line_id', message: `Claim line ${id} does not exist.` });
    const nurse = await signIn(t.app, 'role8@demo.test');
    expect((await resubmit(nurse, id)).statusCode).toBe(403);
    expect((await injectCall(t.app, denialsList.calls.list, {}, nurse)).statusCode).toBe(403);
    expect(await worklist(biller, { search: 'S-1' })).toHaveLength(1);
  });
});
