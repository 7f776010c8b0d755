import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

const TABS = [
  'Overview',
  'Demographics',
  'Devices',
  'Readings',
  'Goals',
  'Alerts',
  'Alert Rules',
  'Activity Logs',
  'Reports',
  'Notes',
  'Tasks',
  'Orders',
  'Sub Orders',
  'Documents',
  'Clinical',
  'Care Plan',
  'Compliance Info',
  'Reminder',
  'Messages',
];

interface Found {
  readonly patientId: number;
  readonly deviceName: string;
  readonly inventoryId: number;
}

/**
 * A seeded patient the signed-in user may open, with a current device that has a rule in force: asked of the
 * server with the stored session, the way the app itself calls (000 §7 uid/token headers).
 */
async function findPatient(page: Page): Promise<Found> {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    for (let id = 1; id < 2000; id++) {
      const access = await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers });
      if (!access.ok) continue;
      const devices = await fetch(`/api/rpm/devices/getPatientDevices?patient_id=${id}`, { headers });
      const list = (await devices.json()).data as {
        current: boolean;
        device_name: string;
        inventory_id: number;
        device_type_id: number;
        active_rule_id: number | null;
      }[];
      const device = list.find((d) => d.current && d.active_rule_id !== null && d.device_type_id !== 2);
      if (device) return { patientId: id, deviceName: device.device_name, inventoryId: device.inventory_id };
    }
    throw new Error('no patient with a current device found');
  });
}

test('role 2 opens a chart, changes a status, adds a rule, pauses it and resumes one (000 §2.3; 001 §2.2, §2.3, §4)', async ({
  page,
}) => {
  await signIn(page, 'role2@demo.test');
  const found = await findPatient(page);
  await page.goto(`/app/patient-chart/overview/${found.patientId}`);

  // The frame: header and the 19 tabs in the spec's order.
  await expect(page.getByRole('tab')).toHaveText(TABS);
  await expect(page.getByTestId('chart-dob')).toBeVisible();

  // A status change that opens no dialog: another offered CCM status than the current one (and not 4).
  const ccm = page.getByLabel('CCM Status', { exact: true });
  await expect(ccm).toBeVisible();
  const current = await ccm.inputValue();
  const values = await ccm
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const next = values.find((v) => v !== '' && v !== current && v !== '4');
  expect(next).toBeDefined();
  await ccm.selectOption(next ?? '');
  const label = (await ccm.locator(`option[value="${next}"]`).textContent()) ?? '';
  await page.getByRole('button', { name: 'Update CCM Status' }).click();
  await expect(
    page.locator('.chart-status').filter({ has: ccm }).locator('.chart-status-current'),
  ).toHaveText(label);

  // Devices and Readings of the seeded patient.
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('cell', { name: new RegExp(found.deviceName) }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Readings' }).click();
  await expect(page.getByText('Vital Thresholds')).toBeVisible();
  await expect(page.getByRole('img', { name: / readings$/ }).first()).toBeVisible();
  // uPlot drew the chart on its canvas.
  await expect(
    page
      .getByRole('img', { name: / readings$/ })
      .first()
      .locator('canvas'),
  ).toBeVisible();
  // Goals (issue 13): the patient's goals with the button that adds one.
  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByRole('button', { name: 'Add Goal' })).toBeVisible();

  // Alert Rules: the seeded rule of the device.
  await page.getByRole('tab', { name: 'Alert Rules' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/patient-chart/alert-rules/${found.patientId}$`));
  await page.getByLabel('Status', { exact: true }).selectOption('Active');
  const switchOf = page.getByRole('switch', { name: `Status of ${found.deviceName}` });
  await expect(switchOf.first()).toBeChecked();
  const before = await page.locator('.chart-rules-table').getByRole('switch').count();

  // Pause it without continuing (No), then resume it (on → resumeRule), then pause it again to free the device.
  await switchOf.first().click({ force: true });
  const ask = page.getByRole('dialog', { name: 'When would you like to resume patient monitoring?' });
  await ask.getByRole('button', { name: 'No' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.locator('.chart-rules-table').getByRole('switch')).toHaveCount(before - 1);
  // InActive, ordered by end date: the paused rule (ending 12/31/2099) is the last of the device's rows.
  await page.getByLabel('Status', { exact: true }).selectOption('InActive');
  const paused = page.getByRole('switch', { name: `Status of ${found.deviceName}` }).last();
  await expect(paused).not.toBeChecked();
  const inactive = await page.getByRole('switch', { name: `Status of ${found.deviceName}` }).count();
  await paused.click({ force: true });
  await expect(page.getByRole('switch', { name: `Status of ${found.deviceName}` })).toHaveCount(inactive - 1);
  await page.getByLabel('Status', { exact: true }).selectOption('Active');
  await expect(page.getByRole('switch', { name: `Status of ${found.deviceName}` }).first()).toBeChecked();
  await expect(page.locator('.chart-rules-table').getByRole('switch')).toHaveCount(before);
  await page
    .getByRole('switch', { name: `Status of ${found.deviceName}` })
    .first()
    .click({ force: true });
  await ask.getByRole('button', { name: 'No' }).click();
  await expect(page.locator('.chart-rules-table').getByRole('switch')).toHaveCount(before - 1);

  // Add a rule on the freed device.
  await page.getByRole('button', { name: 'Add New' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Rule' });
  await form.getByLabel('Device').selectOption(String(found.inventoryId));
  await expect(form.getByLabel('End Date')).toHaveValue('2099-12-31');
  await expect(form.getByText('Reading Monitoring')).toBeVisible();
  await form.getByLabel('IVR Note').fill('Please take your reading today.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.locator('.chart-rules-table').getByRole('switch')).toHaveCount(before);

  // Pause the new rule with the resume dialog's dates: it is terminated and continued as a new active rule.
  await page
    .getByRole('switch', { name: `Status of ${found.deviceName}` })
    .first()
    .click({ force: true });
  await expect(ask.getByLabel('End Date')).toHaveValue('2099-12-31');
  await ask.getByLabel('End Date').fill('2098-12-31');
  await ask.getByRole('button', { name: 'Save' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '12/31/2098' })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Status of ${found.deviceName}` }).first()).toBeChecked();
});

test('a patient outside the user’s practices shows the blocked view (000 §2.3)', async ({ page }) => {
  await signIn(page, 'role2@demo.test');
  const blocked = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    for (let id = 1; id < 4000; id++) {
      const access = await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers });
      if (access.status === 403) return id;
    }
    return null;
  });
  // The demo has three organisations and role 2 belongs to one: some patient must be outside their practices.
  expect(blocked).not.toBeNull();
  await page.goto(`/app/patient-chart/overview/${blocked}`);
  await expect(page.getByText('You do not have access to this patient.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});
