import { expect, test } from '@playwright/test';
import { bell, DEVICE_KEY, findCuff, unreadCount } from './device-helpers.js';
import { signIn } from './sign-in-helpers.js';

test('a reading beyond a bound reaches the bell of the care team at once, without a reload (issue 5; 000 §4.6)', async ({
  page,
}) => {
  await signIn(page, 'role8@demo.test');
  const { patientId, imei } = await findCuff(page);
  await expect(bell(page)).toBeVisible();
  const before = await unreadCount(page);

  const res = await page.request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: { imei, taken_at: new Date().toISOString(), values: { systolic: 232, diastolic: 134, pulse: 128 } },
  });
  expect(res.status()).toBe(200);

  await expect.poll(() => unreadCount(page), { timeout: 10_000 }).toBeGreaterThan(before);
  await bell(page).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/systolic/i)
      .first(),
  ).toBeVisible();
  expect(patientId).toBeGreaterThan(0);
});
