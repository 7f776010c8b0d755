// Over 300 lines: the sign-up and its review share one app, its multipart body and its captcha; split, each
// would start a database of its own.
import {
  approveOnboarding,
  type CallDef,
  callUrl,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  getMyOnboarding,
  getOnboardingDocumentFile,
  getOnboardingSubmission,
  ONBOARDING_TEXT,
  type OnboardingForm,
  onboardingSubmissionsList,
  rejectOnboarding,
  startOnboardingReview,
  submitOnboarding,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectUnchecked, signIn, solvedCaptcha, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let t: TestApp;
let admin: { headers: Record<string, string> };
let sales: { headers: Record<string, string> };
let nurse: { headers: Record<string, string> };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  sales = await signIn(t.app, 'role14@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
}, 180_000);
afterAll(async () => t?.close());

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const SCRIPT = '<script>alert(1)</script>';

/** A valid NPI (the CMS example); '1234567890' fails its check digit. */
const NPI = '1234567893';

function form(overrides: Partial<OnboardingForm> = {}, captchaToken = 'x'): OnboardingForm {
  return {
    captchaToken,
    practice: { name: 'Harbor Family Care', npi: NPI, address: `12 Dock St ${SCRIPT}`, phone: '5550101234' },
    contact: { name: `Mia ${SCRIPT}`, email: 'mia@harbor.example.com', phone: '5550105678' },
    providers: [{ name: `Dr. Lee ${SCRIPT}`, npi: NPI, credential: 'MD' }],
    expected_patients: { RPM: 40, CCM: 10, PCM: 0, BHI: 0, RTM: 0 },
    signature: { name: 'Mia Stone', agreed: true },
    ...overrides,
  };
}

interface Part {
  readonly name: string;
  readonly value: Buffer | string;
  readonly fileName?: string;
  readonly type?: string;
}

/** A multipart/form-data body as the browser's FormData sends it. */
function multipart(parts: readonly Part[]) {
  const boundary = '----rpmOnboardingBoundary0x9f';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.fileName
      ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`
      : `Content-Disposition: form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const files = (w9: Buffer = PDF, agreement: Buffer = PNG): Part[] => [
  { name: 'w9', value: w9, fileName: 'w9.pdf', type: 'application/pdf' },
  { name: 'agreement', value: agreement, fileName: 'agreement.png', type: 'image/png' },
];

let address = 0;
/** Each test submits from its own address, so the per-address limit is tested only where meant. */
const nextAddress = () => `198.51.100.${++address}`;

async function submit(parts: readonly Part[], remoteAddress = nextAddress()) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: callUrl(submitOnboarding),
    headers: { 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress,
  });
}

async function submitForm(f: Partial<OnboardingForm> = {}, docs = files(), remoteAddress = nextAddress()) {
  const token = await solvedCaptcha(t.app);
  return submit([{ name: 'submission', value: JSON.stringify(form(f, token)) }, ...docs], remoteAddress);
}

type Who = { headers: Record<string, string> };
const get = (
  call: typeof getOnboardingSubmission | typeof getOnboardingDocumentFile,
  query: Record<string, number>,
  who: Who,
) => injectUnchecked(t.app, call, { query }, who);
const post = (call: CallDef, body: object, who: Who) => injectUnchecked(t.app, call, { body }, who);

async function reviewList(
  who: { headers: Record<string, string> },
  query = 'onboarding_status=&rowsPerPage=100',
) {
  return t.app.inject({
    method: 'GET',
    url: `${callUrl(onboardingSubmissionsList.calls.list)}?${query}`,
    headers: who.headers,
  });
}

const auditRows = (action: string, entityId: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['user_id', 'ip', 'detail'])
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .execute();

describe('the public sign-up', () => {
  it('takes an anonymous submission with its files; the review list and view show it, its files download', async () => {
    const res = await submitForm();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ status: 1, message: ONBOARDING_TEXT.submitted });
    expect(answer.data.reference).toMatch(/^OB-[A-Z0-9]{8}$/);
    expect(answer.data.next_steps).toBe(ONBOARDING_TEXT.nextSteps);

    const list = await reviewList(sales, `search=${answer.data.reference}`);
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().data;
    expect(row).toMatchObject({
      reference: answer.data.reference,
      practice_name: 'Harbor Family Care',
      contact_name: `Mia ${SCRIPT}`,
      providers: 1,
      expected_patients: 50,
      status: 'Submitted',
    });

    const view = await get(getOnboardingSubmission, { submission_id: row.submission_id }, sales);
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    // Stored and answered as typed: escaping is the screen's (React text), never a lossy rewrite here.
    expect(data.practice_address).toBe(`12 Dock St ${SCRIPT}`);
    expect(data.providers).toEqual([{ name: `Dr. Lee ${SCRIPT}`, npi: NPI, credential: 'MD' }]);
    expect(data.signature_name).toBe('Mia Stone');
    expect(data.signed_ip).toMatch(/^198\.51\.100\./);
    expect(
      data.documents.map((d: { kind: string; content_type: string; file_name: string }) => [
        d.kind,
        d.content_type,
        d.file_name,
      ]),
    ).toEqual([
      ['w9', 'application/pdf', 'w9.pdf'],
      ['agreement', 'image/png', 'agreement.png'],
    ]);
    const [submitted] = await auditRows('onboarding_submit', row.submission_id);
    expect(submitted?.user_id).toBeNull();

    const file = await get(getOnboardingDocumentFile, { document_id: data.documents[0].document_id }, sales);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toBe('attachment; filename="w9.pdf"');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('refuses an oversize file (413) and a file of another type (400), naming the part, and writes nothing', async () => {
    const before = await rowCounts(t.db, ['onboarding_submissions', 'onboarding_documents']);
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const oversize = await submitForm({}, files(PDF, big));
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ message: DOCUMENT_TEXT.tooLarge, field: 'agreement' });

    const html = Buffer.from(`<html>${SCRIPT}</html>`);
    const wrong = await submitForm({}, [
      { name: 'w9', value: html, fileName: 'w9.pdf', type: 'application/pdf' },
      files()[1] as Part,
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: DOCUMENT_TEXT.wrongType, field: 'w9' });

    const missing = await submitForm({}, [files()[0] as Part]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: ONBOARDING_TEXT.missingDocument('agreement'),
      field: 'agreement',
    });
    expect(await rowCounts(t.db, ['onboarding_submissions', 'onboarding_documents'])).toEqual(before);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Partial<OnboardingForm>, string, string][] = [
      [{ practice: { ...form().practice, npi: '12345' } }, 'practice.npi', ONBOARDING_TEXT.npi],
      [{ practice: { ...form().practice, npi: '1234567890' } }, 'practice.npi', ONBOARDING_TEXT.badNpi],
      [{ providers: [] }, 'providers', 'Add at least one provider'],
      [
        { providers: [{ name: 'Dr. A', npi: '1234567890', credential: 'MD' }] },
        'providers.0.npi',
        ONBOARDING_TEXT.badNpi,
      ],
      [{ contact: { ...form().contact, email: 'not-an-email' } }, 'contact.email', 'Invalid email'],
      [
        { expected_patients: { ...form().expected_patients, CCM: -1 } },
        'expected_patients.CCM',
        'At least 0',
      ],
      [{ signature: { name: 'Mia', agreed: false as true } }, 'signature.agreed', ONBOARDING_TEXT.agree],
    ];
    for (const [change, field, message] of cases) {
      const res = await submitForm(change);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field, message });
    }
    const noJson = await submit([{ name: 'submission', value: '{not json' }, ...files()]);
    expect(noJson.json()).toMatchObject({ status: 400, field: 'submission' });
    const json = await t.app.inject({ method: 'POST', url: callUrl(submitOnboarding), payload: form() });
    expect(json.json()).toMatchObject({
      status: 400,
      field: 'submission',
      message: ONBOARDING_TEXT.notMultipart,
    });
  });

  it('needs a solved captcha, once', async () => {
    const token = await solvedCaptcha(t.app);
    const parts = (f: OnboardingForm) => [{ name: 'submission', value: JSON.stringify(f) }, ...files()];
    const unsolved = await submit(parts(form({}, 'bm90IGEgc29sdXRpb24=')));
    expect(unsolved.json()).toMatchObject({
      status: 400,
      field: 'captchaToken',
      message: ONBOARDING_TEXT.captcha,
    });
    expect((await submit(parts(form({}, token)))).statusCode).toBe(200);
    const again = await submit(parts(form({}, token)));
    expect(again.json()).toMatchObject({ status: 400, field: 'captchaToken' });
  });

  it('answers the 11th submission a minute from one address 429 with Retry-After; another address, or a minute later, passes', async () => {
    const from = '203.0.113.77';
    for (let n = 1; n <= 10; n++)
      expect((await submitForm({}, files(), from)).statusCode, `submission ${n}`).toBe(200);
    const eleventh = await submitForm({}, files(), from);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(ONBOARDING_TEXT.tooMany);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submitForm({}, files(), '203.0.113.78')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await submitForm({}, files(), from)).statusCode).toBe(200);
  });
});

describe('the review', () => {
  async function newSubmission() {
    const res = await submitForm({ practice: { ...form().practice, name: 'Review Test Practice' } });
    const ref = res.json().data.reference as string;
    const list = await reviewList(admin, `search=${ref}`);
    return list.json().data[0].submission_id as number;
  }

  it('is for sales and administrators: a nurse gets 403 on the list, the view and the decisions', async () => {
    const id = await newSubmission();
    expect((await reviewList(nurse)).statusCode).toBe(403);
    expect((await get(getOnboardingSubmission, { submission_id: id }, nurse)).statusCode).toBe(403);
    expect((await post(approveOnboarding, { submission_id: id, organization_id: 1 }, nurse)).statusCode).toBe(
      403,
    );
    expect((await post(rejectOnboarding, { submission_id: id, reason: 'x' }, nurse)).statusCode).toBe(403);
    expect((await reviewList(admin)).statusCode).toBe(200);
  });

  it('starts, then approves once: the practice exists in the organisation, audited; a second decision is 409', async () => {
    const id = await newSubmission();
    expect((await post(startOnboardingReview, { submission_id: id }, sales)).statusCode).toBe(200);
    expect((await post(startOnboardingReview, { submission_id: id }, sales)).statusCode).toBe(409);
    const view = (await get(getOnboardingSubmission, { submission_id: id }, sales)).json();
    expect(view.data.status).toBe('in_review');
    const organization = view.organizations[0];
    expect(organization).toBeDefined();

    const approved = await post(
      approveOnboarding,
      { submission_id: id, organization_id: organization.value },
      sales,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const practiceId = approved.json().data.practice_id as number;
    const practice = await t.db
      .selectFrom('practices')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .executeTakeFirstOrThrow();
    expect(practice).toMatchObject({
      practice_name: 'Review Test Practice',
      organization_id: organization.value,
    });
    const programs = await t.db
      .selectFrom('locations as l')
      .innerJoin('location_programs as lp', 'lp.location_id', 'l.location_id')
      .innerJoin('programs as p', 'p.program_id', 'lp.program_id')
      .select('p.program_name')
      .where('l.practice_id', '=', practiceId)
      .orderBy('p.program_name')
      .execute();
    expect(programs.map((p) => p.program_name)).toEqual(['CCM', 'RPM']);
    const [audited] = await auditRows('onboarding_approve', id);
    expect(audited?.detail).toMatchObject({ practice_id: practiceId, organization_id: organization.value });
    expect(audited?.user_id).not.toBeNull();

    const after = (await get(getOnboardingSubmission, { submission_id: id }, sales)).json().data;
    expect(after).toMatchObject({
      status: 'approved',
      practice_id: practiceId,
      organization_name: organization.label,
    });
    const again = await post(rejectOnboarding, { submission_id: id, reason: 'Too late' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ONBOARDING_TEXT.alreadyDecided);
  });

  it("refuses an organisation outside the reviewer's with 403 naming organization_id", async () => {
    const id = await newSubmission();
    const theirs = (await get(getOnboardingSubmission, { submission_id: id }, sales)).json()
      .organizations as { value: number }[];
    const foreign = await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where(
        'organization_id',
        'not in',
        theirs.map((o) => o.value),
      )
      .executeTakeFirstOrThrow();
    const res = await post(
      approveOnboarding,
      { submission_id: id, organization_id: foreign.organization_id },
      sales,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().field).toBe('organization_id');
  });

  it('rejects with a required reason, audited; the contact signed in with is_onboarding sees the reason', async () => {
    const res = await submitForm({ contact: { ...form().contact, email: 'ROLE1@demo.test' } });
    const ref = res.json().data.reference as string;
    const id = (await reviewList(admin, `search=${ref}`)).json().data[0].submission_id as number;
    const blank = await post(rejectOnboarding, { submission_id: id, reason: '  ' }, admin);
    expect(blank.json()).toMatchObject({ status: 400, field: 'reason' });
    const rejected = await post(
      rejectOnboarding,
      { submission_id: id, reason: 'The W-9 is not signed.' },
      admin,
    );
    expect(rejected.statusCode).toBe(200);
    const [audited] = await auditRows('onboarding_reject', id);
    expect(audited?.detail).toEqual({ reason: 'The W-9 is not signed.' });

    const mine = await t.app.inject({ method: 'GET', url: callUrl(getMyOnboarding), headers: admin.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.find((p: { reference: string }) => p.reference === ref)).toMatchObject({
      status: 'rejected',
      reject_reason: 'The W-9 is not signed.',
    });
    // A user without is_onboarding has no onboarding to follow.
    const notOnboarding = await t.app.inject({
      method: 'GET',
      url: callUrl(getMyOnboarding),
      headers: nurse.headers,
    });
    expect(notOnboarding.statusCode).toBe(403);
  });

  it('answers an unknown submission 404 naming submission_id', async () => {
    const res = await get(getOnboardingSubmission, { submission_id: 999_999 }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('submission_id');
  });
});
