import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

/** Seeded patient 3 is in the nurse's practice, with readings and an open critical alert (seed-demo). */
const PATIENT = 3;

test('a nurse’s chart shows the banner on every tab; the care timer runs across tabs and logs with its activity; time entered by hand is corrected and deleted (issue 41 §2)', async ({
  page,
}) => {
  await signIn(page, 'role8@demo.test');
  await page.goto(`/app/patient-chart/overview/${PATIENT}`);
  // An earlier spec may have left this nurse's timer running on another chart: one timer at a time, so stop it.
  const other = page.getByRole('button', { name: 'Stop It' });
  const timer = page.getByTestId('chart-timer');
  await expect(timer.or(other).first()).toBeVisible();
  if (await other.isVisible()) {
    await other.click();
    await page
      .getByRole('dialog', { name: /Stop Timer/ })
      .getByRole('button', { name: 'Discard' })
      .click();
  }
  await expect(timer).toContainText('RPM');
  await expect(page.getByText('Reading days this month:')).toBeVisible();
  await expect(page.getByTestId('banner-last-readings')).toContainText('mmHg');
  await expectAccessible(page);

  // Another tab: the same banner and the same timer, not a second one.
  await page.getByRole('tab', { name: 'Readings' }).click();
  await expect(page).toHaveURL(/\/readings\//);
  await expect(timer).toContainText('RPM');
  await page.getByRole('tab', { name: 'Activity Logs' }).click();
  await page.getByRole('button', { name: 'Stop' }).click();
  const stop = page.getByRole('dialog', { name: /Stop Timer/ });
  await stop.getByLabel('Activity*').selectOption('Data review');
  await stop.getByLabel('Note').fill('Reviewed this week’s readings');
  await stop.getByRole('button', { name: 'Log Time' }).click();
  await expect(page.getByRole('button', { name: 'Start Timer' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Reviewed this week’s readings' })).toBeVisible();

  // A call made from a mobile phone, entered by hand, then corrected and deleted.
  await page.getByRole('button', { name: 'Add Time Entry' }).click();
  const entry = page.getByRole('dialog', { name: 'Add Time Entry' });
  await entry.getByLabel('Minutes*').fill('12');
  await entry.getByLabel('Activity*').selectOption('Patient call');
  await entry.getByLabel('Note*').fill('Called from my mobile about the cuff');
  await entry.getByText('Interactive contact with the patient or caregiver').click();
  await expect(entry.getByLabel('Interactive contact with the patient or caregiver')).toBeChecked();
  await expectAccessible(page);
  await entry.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Called from my mobile about the cuff/ });
  await expect(row).toContainText('12:00');
  await expect(row).toContainText('Patient call (entered)');
  await expect(page.getByText(/RPM minutes: \d+ min/)).toBeVisible();
  await row.getByRole('button', { name: /^Edit the entry/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Time Entry' });
  await edit.getByLabel('Minutes*').fill('15');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('15:00');
  await row.getByRole('button', { name: /^Delete the entry/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
});
