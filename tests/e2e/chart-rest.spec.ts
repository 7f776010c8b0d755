import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

/**
 * The rest of the chart (issue 13 "Tests"): the care plan a nurse writes and the physician signs turns the CCM
 * code billable; a message from a template in the thread and the outbox; a document's round trip; the monthly
 * summary PDF with the patient's figures.
 */

// The CCM Billing Report's columns: a biller's wide desktop shows them.
test.use({ viewport: { width: 1920, height: 1080 } });

interface Patient {
  readonly id: number;
  readonly lastname: string;
}

/**
 * The first patient the signed-in user may open with a mobile number to text, among `ids` (default: every id);
 * with `unplanned`, one the user may sign a care plan for (decisions.md "Care plan signer") and who has none yet.
 * Asked of the server with the stored session, the way the app itself calls (000 §7 uid/token headers).
 */
async function findPatient(page: Page, options: { ids?: readonly number[]; unplanned?: boolean } = {}) {
  return page.evaluate(
    async ({ ids, unplanned }): Promise<Patient> => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
      const headers = { uid: String(user.user_id), token: user.token };
      for (const id of ids ?? Array.from({ length: 2000 }, (_, n) => n + 1)) {
        const access = await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers });
        if (!access.ok) continue;
        if (unplanned) {
          const plan = await fetch(`/api/rpm/careplan/getCarePlan?patient_id=${id}`, { headers });
          const { data } = (await plan.json()) as {
            data: { can_sign: boolean; latest_version: number | null };
          };
          if (!data.can_sign || data.latest_version !== null) continue;
        }
        const details = await fetch('/api/rpm/patients/getdetailbyid', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ patient_id: id, type: 'demographics' }),
        });
        const patient = ((await details.json()) as { data: { lastname: string; mobile: string | null } })
          .data;
        if (patient.mobile) return { id, lastname: patient.lastname };
      }
      throw new Error('no such patient in the demo data');
    },
    { ids: options.ids ? [...options.ids] : undefined, unplanned: options.unplanned ?? false },
  );
}

/** The patient's row of this month's CCM Billing Report, every status shown (decisions.md "Program billing reports"). */
async function ccmRow(page: Page, patientId: number) {
  const today = new Date();
  const month = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  await page.goto(`/app/ccm-billing?month=${month}&status=&search=${patientId}`);
  const row = page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.locator(`a[href$="/overview/${patientId}"]`) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Records the patient's CCM enrolment order with consent, as the chart's Orders tab does (the call it makes). */
async function recordCcmConsent(page: Page, patientId: number): Promise<void> {
  const status = await page.evaluate(async (id) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const day = new Date().toISOString().slice(0, 10);
    const res = await fetch('/api/rpm/orders/addEnrollmentOrder', {
      method: 'POST',
      headers: {
        uid: String(user.user_id),
        token: user.token,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        patient_id: id,
        program: 'CCM',
        ordering_provider: 'Dr Demo',
        diagnosis_codes: ['I10'],
        order_date: day,
        consent_date: day,
        consent_method: 'verbal',
      }),
    });
    return res.status;
  }, patientId);
  expect(status).toBe(200);
}

/** A page of its own browser context signed in as `username`: several users at once, each with its session. */
async function signedIn(browser: Browser, username: string): Promise<Page> {
  const { baseURL, viewport } = test.info().project.use;
  const page = await (await browser.newContext({ baseURL, viewport })).newPage();
  await signIn(page, username);
  return page;
}

test('a nurse writes a care plan from the defaults, the physician signs it, and the CCM code turns billable on the billing report (issue 13)', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // One after another: three captchas at once starve a small machine.
  const biller = await signedIn(browser, 'role10@demo.test');
  const physician = await signedIn(browser, 'role6@demo.test');
  const nurse = await signedIn(browser, 'role8@demo.test');
  // A patient without a care plan whose physician is role 6: the CCM minutes logged below list it on this month's CCM
  // Billing Report whatever else it bills.
  const patient = await findPatient(physician, { unplanned: true });

  // The nurse logs 30 CCM minutes with a message: enough for 99490 (or 99426 for CCM type 1; 001 §9).
  await nurse.goto(`/app/patient-chart/messages/${patient.id}`);
  await nurse.getByLabel('Message', { exact: true }).fill('Your care team reviewed your care plan today.');
  await nurse.getByLabel('Time spent (minutes)').fill('30');
  await nurse.locator('.chart-messages').getByLabel('Program').selectOption('CCM');
  await nurse.getByRole('button', { name: 'Send' }).click();
  await expect(nurse.getByText('Your care team reviewed your care plan today.')).toBeVisible();

  // Consent on file, the minutes met, but no signed plan: the CCM Billing Report says why 99490 does not bill.
  await recordCcmConsent(nurse, patient.id);
  await expect(await ccmRow(biller, patient.id)).toContainText(/No signed care plan: (99490|99426)/);

  // The nurse starts the plan from the CCM Care Plan Defaults and saves version 1.
  await nurse.goto(`/app/patient-chart/ccm/${patient.id}`);
  await expect(nurse.getByText('Care plan missing')).toBeVisible();
  await nurse.getByRole('button', { name: 'Start from CCM Care Plan Defaults' }).click();
  await expect(nurse.getByLabel('Problem 1 ICD-10')).not.toHaveValue('');
  await nurse.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    nurse.getByText(/^Version 1, written by .*Awaiting the physician’s signature\./),
  ).toBeVisible();
  // A nurse does not sign (decisions.md "Care plan signer").
  await expect(nurse.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);

  // The physician signs it.
  await physician.goto(`/app/patient-chart/ccm/${patient.id}`);
  await physician.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(physician.getByText(/^Version 1, written by .* Signed by /)).toBeVisible();

  // The CCM code now bills.
  const billed = await ccmRow(biller, patient.id);
  await expect(billed).toContainText('Billable');
  await expect(billed).not.toContainText('No signed care plan');
  await Promise.all([biller, physician, nurse].map((page) => page.context().close()));
});

test('a message from a template appears in the thread and, with no SMS provider, in the outbox as not sent (issue 13)', async ({
  page,
}) => {
  await signIn(page, 'role8@demo.test');
  const patient = await findPatient(page);
  await page.goto(`/app/patient-chart/messages/${patient.id}`);
  await page.getByLabel('Messages Category').selectOption({ label: 'Medication' });
  await page.getByLabel('Message Template').selectOption({ label: 'Medication reminder' });
  const text = page.getByLabel('Message', { exact: true });
  // The template's {first_name} is filled with the patient's first name.
  await expect(text).toHaveValue(/^Hello [^{}]+, a reminder to take your medication as prescribed\./);
  const body = await text.inputValue();
  const sent = page.waitForResponse((r) => r.url().includes('/api/rpm/messages/sendPatientMessage'));
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = await (await sent).json();
  expect(answer.data).toMatchObject({ body, status: 'not_sent', direction: 'out' });
  // Newest first: the thread's first message is ours, kept in the outbox and shown as not sent.
  const first = page.locator('.chart-message').first();
  await expect(first.locator('.chart-note-text')).toHaveText(body);
  await expect(first).toContainText('Not sent: no SMS provider configured');
  await page.reload();
  await expect(page.locator('.chart-message').first()).toContainText(body);
});

test('a document uploads and downloads with the same bytes (issue 13)', async ({ page }) => {
  await signIn(page, 'role8@demo.test');
  const patient = await findPatient(page);
  await page.goto(`/app/patient-chart/documents/${patient.id}`);
  const marker = `e2e document ${Date.now()}`;
  const bytes = Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
  await page.getByLabel('Title').fill(marker);
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('button', { name: 'Upload' }).click();
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(Buffer.compare(await readFile(await file.path()), bytes)).toBe(0);
});

test("the monthly summary PDF holds the patient's figures of the month (issue 13)", async ({ page }) => {
  await signIn(page, 'role8@demo.test');
  const patient = await findPatient(page);
  await page.goto(`/app/patient-chart/reports/${patient.id}`);
  // The newest month with activity: its figures on screen, then in the PDF.
  const row = page.locator('.chart-reports tbody tr').first();
  await expect(row).toBeVisible();
  const [month, days, rpm, ccm, , codes] = await row.locator('td').allTextContents();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download the .* summary$/ }).click();
  const file = await download;
  const text = execFileSync('pdftotext', ['-layout', await file.path(), '-']).toString();
  expect(text).toContain('Monthly RPM Summary');
  expect(text).toContain(patient.lastname.toUpperCase());
  expect(text).toContain(month);
  const fact = (name: string, value: string) =>
    expect(text).toMatch(new RegExp(`${name}:\\s+${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  // The screen says '12 / 16', the PDF '12 of 16'.
  fact('Reading days', `${days?.split(' / ')[0]} of 16`);
  fact('RPM minutes', rpm ?? '');
  fact('CCM minutes', ccm ?? '');
  fact('Codes met', codes || 'None');
});
