import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { bell, DEVICE_KEY } from './device-helpers.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

/**
 * A critical reading no one acknowledges escalates after the practice's 15 minutes (decisions.md "Alert escalation"):
 * the server's clock is moved (decisions.md "Browser tests move the server's clock") and the job, running every
 * second here, rings the care coordinator's bell and marks the worklist row; the practice's monitoring staff then acknowledges with a note
 * from the chart, and re-alert suppression holds the next high reading until a normal one (issue 41 Tests).
 */

test.use({ viewport: { width: 1920, height: 1080 } });
// Two users in two browsers and a minute of the job's passes.
test.setTimeout(90_000);

/** Patients the signed-in user coordinates, each with a cuff under a rule in force. */
async function coordinatedCuffs(page: Page): Promise<{ patientId: number; imei: string }[]> {
  return page.evaluate(async () => {
    const found: { patientId: number; imei: string }[] = [];
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token, 'content-type': 'application/json' };
    for (let id = 1; id < 2000; id++) {
      if (!(await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers })).ok) continue;
      const detail = await fetch('/api/rpm/patients/getdetailbyid', {
        method: 'POST',
        headers,
        body: JSON.stringify({ patient_id: id, type: 'demographics' }),
      });
      if ((await detail.json()).data?.care_coordinator_id !== user.user_id) continue;
      const res = await fetch(`/api/rpm/devices/getPatientDevices?patient_id=${id}`, { headers });
      const devices = (await res.json()).data as {
        current: boolean;
        IMEI: string;
        device_type_id: number;
        active_rule_id: number | null;
      }[];
      const cuff = devices.find((d) => d.current && d.device_type_id === 1 && d.active_rule_id !== null);
      if (cuff) found.push({ patientId: id, imei: cuff.IMEI });
    }
    return found;
  });
}

/** Whether the signed-in user may open the patient's chart. */
const mayOpen = (page: Page, patientId: number) =>
  page.evaluate(async (id) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    return (await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers })).ok;
  }, patientId);

/** One cuff measurement through the intake, `minutesAgo` before the page's now; answers the alerts it raised. */
async function send(page: Page, imei: string, systolic: number, minutesAgo: number): Promise<unknown[]> {
  const res = await page.request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: {
      imei,
      taken_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      values: { systolic, diastolic: 80, pulse: 72 },
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.alerts;
}

test('an unanswered critical alert escalates to the care coordinator after 15 minutes; acknowledged from the chart, it holds further high readings until a normal one', async ({
  page,
  browser,
}) => {
  // A patient the coordinator (role 9) coordinates and the practice's monitoring staff (role 13, another browser)
  // may open: both are Riverside's.
  const nurse = await (await browser.newContext()).newPage();
  await signIn(nurse, 'role13@demo.test');
  await signIn(page, 'role9@demo.test');
  let chosen: { patientId: number; imei: string } | undefined;
  for (const candidate of await coordinatedCuffs(page))
    if (await mayOpen(nurse, candidate.patientId)) {
      chosen = candidate;
      break;
    }
  if (!chosen) throw new Error('no coordinated patient with a cuff that the monitoring staff cares for');
  const { patientId, imei } = chosen;
  expect(await send(page, imei, 232, 3)).toEqual([expect.objectContaining({ level: 'critical' })]);

  // Fifteen minutes on the server's clock: the next pass of the job escalates the alert.
  const moved = await page.request.post('/api/test/clock', { data: { advance_ms: 16 * 60_000 } });
  expect(moved.status()).toBe(200);
  // The sessions went idle on the server's clock: sign in again.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'role9@demo.test');
  await expect
    .poll(
      async () => {
        await page.reload();
        await bell(page).click();
        const found = await page
          .getByRole('region', { name: 'Notifications' })
          .getByText(/Escalated to care coordinator: critical systolic 232/)
          .count();
        await page.keyboard.press('Escape');
        return found;
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  await page.goto(`/app/ActiveNotifications/monitor/${patientId}`);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  await expect(page.getByRole('gridcell', { name: 'Care coordinator' }).first()).toBeVisible();
  await expectAccessible(page);

  // The monitoring staff acknowledges every open alert of the patient from the chart, with a note.
  await nurse.evaluate(() => localStorage.clear());
  await signIn(nurse, 'role13@demo.test');
  await nurse.goto(`/app/patient-chart/alerts/${patientId}`);
  for (let round = 0; round < 10; round++) {
    const boxes = nurse.getByRole('checkbox', { name: /^Select alert / });
    await expect(nurse.getByText(/\d+ alert\(s\)/)).toBeVisible();
    if ((await boxes.count()) === 0) break;
    for (const box of await boxes.all()) await box.check({ force: true });
    await nurse.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    const dialog = nurse.getByRole('dialog', { name: 'Acknowledge' });
    await dialog.getByLabel('Note*').fill('Called the patient: cuff too tight, repeat reading asked.');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(nurse.getByText('No Data Found')).toBeVisible();

  // Held until a normal reading re-arms the rule.
  expect(await send(page, imei, 228, 2)).toEqual([]);
  expect(await send(page, imei, 118, 1)).toEqual([]);
  expect(await send(page, imei, 231, 0)).toEqual([expect.objectContaining({ level: 'critical' })]);
});
