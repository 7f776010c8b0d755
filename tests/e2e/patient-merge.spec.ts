import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// Merge and deactivation (issue 38 §1; decisions.md "Merging and deactivating patients"): a practice lead merges
// a patient registered twice into the other record, then deactivates and reactivates the record kept. The two
// records are registered here, so no demo patient another spec reads is changed.

const stamp = Date.now().toString(36).toUpperCase();
const LAST = `Quill${stamp.replace(/\d/g, '')}`;
const SLOW = { timeout: 20_000 };

/** Registers a patient through the API with the page's session (its cookie and stored token); returns its id. */
async function register(page: Page, mrn: string): Promise<number> {
  const headers = await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id?: number; token?: string };
    return { uid: String(user.user_id), token: String(user.token) };
  });
  const options = async (practiceId?: number) => {
    const res = await page.request.get(
      `/api/rpm/patients/registrationOptions${practiceId ? `?practice_id=${practiceId}` : ''}`,
      { headers },
    );
    expect(res.status()).toBe(200);
    return (await res.json()).data as { practices: { value: number }[]; locations: { value: number }[] };
  };
  const practiceId = (await options()).practices[0]?.value;
  const locationId = (await options(practiceId)).locations[0]?.value;
  const res = await page.request.post('/api/rpm/patients/add', {
    headers,
    data: {
      firstname: 'Ada',
      lastname: LAST,
      dob: '1948-11-02',
      gender: 'F',
      mobile: null,
      phone: null,
      email: null,
      address_line1: null,
      address_line2: null,
      city: null,
      state: null,
      zip: null,
      language_id: 1,
      mrn,
      insurance_plan_id: null,
      insurance_member_id: null,
      diagnosis_codes: ['I10'],
      physician_id: null,
      care_coordinator_id: null,
      practice_id: practiceId,
      location_id: locationId,
      programs: { RPM: 3, CCM: null, BHI: null, PCM: null, RTM: null },
      confirm_duplicates: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.patient_id as number;
}

test('a practice lead merges a patient registered twice, then deactivates and reactivates the record kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role2@demo.test');
  const kept = await register(page, `K${stamp}`);
  const twice = await register(page, `D${stamp}`);

  await page.goto(`/app/patient-chart/demographics/${twice}`);
  await page.getByRole('button', { name: 'Merge into another record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge into another record' });
  // The other record of one name and birth date is offered; choosing it fills the RPM ID.
  const radio = page.getByRole('radio', { name: new RegExp(`MRN K${stamp}`) });
  const offered = dialog.locator('label').filter({ has: radio }).getByRole('radio');
  await dialog.locator('label').filter({ has: radio }).click();
  await expect(offered).toBeChecked();
  await expect(dialog.getByLabel('Or the RPM ID of the record to keep')).toHaveValue(String(kept));
  await dialog.getByLabel('Reason').fill('Registered twice at intake');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/patient-chart/overview/${kept}$`), SLOW);

  // The merged record stays, marked, read-only, and points at the record kept.
  await page.goto(`/app/patient-chart/demographics/${twice}`);
  await expect(page.getByRole('status').filter({ hasText: `merged into patient ${kept}` })).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Edit Demographics' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Merge into another record' })).toHaveCount(0);
  // The link may be clicked while the chart re-renders under the merge's toast: click until it navigates.
  const open = page.getByRole('link', { name: 'Open the record kept' });
  await expect(open).toHaveAttribute('href', `/app/patient-chart/overview/${kept}`);
  await expect(async () => {
    await open.click({ timeout: 3_000 });
    await expect(page).toHaveURL(new RegExp(`/app/patient-chart/overview/${kept}$`), { timeout: 3_000 });
  }).toPass(SLOW);

  // Deactivate the record kept; the chart says so and offers Reactivate.
  await page.goto(`/app/patient-chart/demographics/${kept}`);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate' });
  await deactivate.getByLabel('Reason').fill('Moved out of state');
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'was deactivated on' });
  await expect(notice).toBeVisible(SLOW);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('patient-deactivated.png'), fullPage: true });
  await notice.getByRole('button', { name: 'Reactivate' }).click();
  await expect(notice).toHaveCount(0, SLOW);
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
});
