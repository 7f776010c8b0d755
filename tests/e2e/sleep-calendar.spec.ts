import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

/**
 * The Technician Calendar (000 §2.2, start page of role 20; issue 15 §3), which loads apart from the schedule lists
 * and loads its scheduling form on demand (issue 17 goal 1): a free day schedules, a scheduled visit edits.
 */
test('a technician lands on the calendar, schedules on a free day and edits a scheduled visit', async ({
  page,
}) => {
  await signIn(page, 'role20@demo.test');
  await expect(page).toHaveURL('/app/technician-calendar');
  await expect(page.locator('.rbc-event').first()).toBeVisible();
  await expectAccessible(page);

  // The week view opens on clinic hours: the afternoon is in sight without scrolling.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('.rbc-time-gutter').getByText('3:00 PM', { exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Month', exact: true }).click();

  await page.locator('.rbc-day-bg').nth(20).click();
  const add = page.getByRole('dialog', { name: 'New Sleep Appointment' });
  await expect(add.getByLabel('Find patient')).toBeVisible();
  await add.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The seed schedules visits through next month (bff seed-sleep-schedule.ts); the event's tooltip names its status.
  // Late in a month whose last week ends it, the month view can hold only closed visits: next month has some.
  if ((await page.locator('.rbc-event [title$="(Scheduled)"]').count()) === 0) {
    await page.getByRole('button', { name: 'Next' }).click();
  }
  const scheduled = page.locator('.rbc-event [title$="(Scheduled)"]').first();
  const name = (await scheduled.getAttribute('title'))?.split(' · ')[0] ?? '';
  await scheduled.click();
  await page.getByRole('dialog', { name: 'Sleep Appointment' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Sleep Appointment' });
  // The form names the patient whole (issue 38 §2): 'KIM, CHARLES · DOB 03/14/1950 · MRN M100023'.
  const written = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · DOB `);
  await expect(edit.getByLabel('Patient', { exact: true })).toHaveValue(written);
  await expect(edit.getByLabel('Duration (minutes)')).toHaveValue(/^(30|45|60|90)$/);
});
