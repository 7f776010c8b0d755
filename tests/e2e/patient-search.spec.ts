import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// The header's patient search (issue 38 §3; 000 §2.7; decisions.md "Patient search"): a patient found by date of
// birth, opened from the results with the keyboard, then offered again among the recent charts.

interface Seeded {
  readonly patient_id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly dob: string;
}

/** A seeded patient the signed-in user may read, asked of the server as the app calls (000 §7 uid/token). */
async function findPatient(page: Page): Promise<Seeded> {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    for (let id = 1; id < 500; id++) {
      const res = await fetch(`/api/rpm/users/getDetailsByUserID?userid=${id}&roleid=7`, { headers });
      if (res.ok) return ((await res.json()) as { data: Seeded }).data;
    }
    throw new Error('no patient in scope');
  });
}

test('a nurse finds a patient from the header by date of birth and opens the chart; it is then a recent chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role8@demo.test');
  const patient = await findPatient(page);
  const [year, month, day] = patient.dob.split('-');
  const dob = `${month}/${day}/${year}`;
  const name = `${patient.lastname}, ${patient.firstname}`;

  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill(dob);
  const results = page.getByRole('group', { name: 'Patients' });
  const option = results
    .getByRole('option')
    .filter({ hasText: name })
    .filter({ hasText: `DOB ${dob}` });
  await expect(option).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectAccessible(page);

  // Arrow down to the patient (every option before it is another patient of that birthday), then Enter.
  const options = page.getByRole('listbox', { name: 'Search' }).getByRole('option');
  const id = await option.getAttribute('id');
  const ids = await options.evaluateAll((nodes) => nodes.map((node) => node.id));
  for (let i = 0; i <= ids.indexOf(id ?? ''); i++) await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', id ?? '');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/patient-chart/overview/${patient.patient_id}$`));
  await expect(page.getByTestId('chart-dob')).toHaveText(dob);

  // The chart opened is offered first in the empty box.
  await search.click();
  const recent = page.getByRole('group', { name: 'Recent charts' });
  await expect(recent.getByRole('option').first()).toContainText(name);
});
