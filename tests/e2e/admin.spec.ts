import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import {
  changePasswordThroughApi,
  choosePlace,
  countsOf,
  createStaffThroughApi,
  fillNewAdmin,
  inventoryCount,
  NORTHWIND_DOWNTOWN,
  newBrowserPage,
  newPerson,
  openAddAdmin,
  readablePatient,
  staffRow,
} from './admin-helpers.js';
import { logOut, SIGN_IN_WAIT, signIn, submitSignIn } from './sign-in-helpers.js';

/**
 * The administration screens in the browser (issue 16 "Tests"): Add Admin in both modes with every validation
 * message of 001 §5 on the way, the new admin's first sign-in and what they were granted, a nurse's own password
 * change from the profile (001 §2.7), and the device-count table against the inventory (001 §2.5).
 */

const DEMO_PASSWORD = 'Demo-pass-2026!';

test('an administrator adds a new admin, meeting each message of 001 §5 on the way; the table lists them (001 §2.8, §4, §5)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'role2@demo.test');
  const dialog = await openAddAdmin(page, 'new');
  const bar = dialog.getByRole('alert');
  const save = dialog.getByRole('button', { name: 'Save' });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });

  // Empty: 'Required' under each required field, the bar top-right for 3 s (001 §5, §8).
  await save.click();
  await expect(bar).toHaveText('Required');
  // The message under a field is its accessible description.
  for (const label of ['First Name', 'Last Name', 'DOB', 'Mobile', 'Username', 'Password'])
    await expect(field(label)).toHaveAccessibleDescription('Required');
  for (const label of ['Phone', 'Fax']) await expect(field(label)).toHaveAccessibleDescription('');
  await expect(bar).toBeHidden({ timeout: 5_000 });

  await choosePlace(dialog, NORTHWIND_DOWNTOWN);
  const person = newPerson('Nora');
  await fillNewAdmin(dialog, person);
  // Bad values, each with its live message as the field is left.
  const typeAndLeave = async (label: string, text: string) => {
    await field(label).fill(text);
    await field(label).blur();
  };
  await typeAndLeave('First Name', 'No#ra');
  await expect(field('First Name')).toHaveAccessibleDescription('Invalid Name');
  await typeAndLeave('Phone', '555');
  await expect(field('Phone')).toHaveValue('(555');
  await expect(field('Phone')).toHaveAccessibleDescription('Invalid number');
  await typeAndLeave('DOB', '1880-01-01');
  await expect(field('DOB')).toHaveAccessibleDescription('Invalid DOB');
  await typeAndLeave('Username', 'nora.example.com');
  await expect(field('Username')).toHaveAccessibleDescription('Invalid email');
  await field('Password').fill('abc');
  await expect(field('Password')).toHaveAccessibleDescription('Too short');
  await expectAccessible(page);

  // Save names the first problem in the bar, in the form's order (001 §5 submit texts).
  await save.click();
  await expect(bar).toHaveText('First Name cannot contain special characters');
  await page.screenshot({ path: test.info().outputPath('add-admin-messages.png') });
  await typeAndLeave('First Name', person.firstname);
  await save.click();
  await expect(bar).toHaveText('Invalid Phone Number');
  await typeAndLeave('Phone', '3125550177');
  await expect(field('Phone')).toHaveValue('(312) 555-0177');
  await save.click();
  await expect(bar).toHaveText('Invalid email');
  await typeAndLeave('Username', person.username);
  await save.click();
  await expect(bar).toHaveText('Password should contain more than 6 characters');
  await field('Password').fill(person.password);
  await expect(field('Password')).toHaveAccessibleDescription('Strong');
  await save.click();
  await expect(bar).toHaveText('Invalid DOB');
  await typeAndLeave('DOB', '1980-04-02');
  await expect(field('DOB')).toHaveAccessibleDescription('');
  // A taken user name: checked on the server as the field is left, and it blocks Save.
  await typeAndLeave('Username', 'role8@demo.test');
  await expect(field('Username')).toHaveAccessibleDescription('Username already Exists');
  await save.click();
  await expect(bar).toHaveText('Username already Exists');
  await expect(dialog).toBeVisible();

  await typeAndLeave('Username', person.username);
  await expect(field('Username')).toHaveAccessibleDescription('');
  await save.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Added Successfully')).toBeVisible();
  const row = await staffRow(page, person.username);
  await expect(row).toContainText(`${person.firstname} ${person.lastname}`);
  await expect(row).toContainText(NORTHWIND_DOWNTOWN.practice);
  await expect(row).toContainText('Active');
});

test("'Select Admin' asks for a user, then maps an existing user of the organisation to a practice (001 §2.8, §4)", async ({
  page,
}) => {
  await signIn(page, 'role1@demo.test');
  // An existing nurse of Northwind who is no administrator yet.
  const nurse = newPerson('Selma');
  await createStaffThroughApi(page, nurse, 8);
  await page.goto('/app/administrators');
  await staffRow(page, nurse.username);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('grid').getByText('No Records Found', { exact: true })).toBeVisible();

  const dialog = await openAddAdmin(page);
  await expect(dialog.getByRole('radio', { name: 'Select Admin' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Select a User');

  await choosePlace(dialog, NORTHWIND_DOWNTOWN);
  const user = dialog.getByLabel('User', { exact: true });
  const name = `${nurse.firstname} ${nurse.lastname}`;
  await expect(user.getByRole('option', { name, exact: true })).toHaveCount(1);
  await user.selectOption({ label: name });
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Save asks first, naming the user and the organisation (decisions.md "Select Admin eligibility and removal").
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Make ${name} an administrator of ${NORTHWIND_DOWNTOWN.organization}`);
  await confirm.getByRole('button', { name: 'Make Admin' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Added Successfully')).toBeVisible();
  const row = await staffRow(page, nurse.username);
  await expect(row).toContainText(name);
  await expect(row).toContainText(NORTHWIND_DOWNTOWN.practice);
});

test('the new admin changes the password at the first sign-in, then sees the organisation administrator’s menus and no more (000 §4.3, §2.7)', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'role2@demo.test');
  const dialog = await openAddAdmin(page, 'new');
  await choosePlace(dialog, NORTHWIND_DOWNTOWN);
  const person = newPerson('Owen');
  await fillNewAdmin(dialog, person);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // Their own browser: the first sign-in opens the change-password form (000 §4.3, 001 §4).
  const admin = await newBrowserPage(browser);
  await admin.goto('/');
  await submitSignIn(admin, person.username, person.password);
  const change = admin.getByRole('dialog', { name: 'Change Password' });
  await expect(change).toBeVisible();
  const chosen = 'Owen#own#pass77';
  await change.getByLabel('Current Password').fill(person.password);
  await change.getByLabel('New Password').fill(chosen);
  await change.getByLabel('Confirm Password').fill(chosen);
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Password Updated')).toBeVisible();
  await expect(change).toHaveCount(0);
  await submitSignIn(admin, person.username, chosen);
  await expect(admin).toHaveURL(/\/app\/dashboard$/, SIGN_IN_WAIT);

  // Role 2's access list (bff/src/db/seed/role-pages.ts): the organisation and staff tables, not the rest.
  const menu = admin.getByRole('navigation', { name: 'Main menu' });
  const linksOf = async (group: string) => {
    const button = menu.getByRole('button', { name: group, exact: true });
    if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
    return (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
  };
  expect(await linksOf('Organizations')).toEqual(
    expect.arrayContaining(['Organizations', 'Practices', 'Locations', 'Programs']),
  );
  const links = await linksOf('Users');
  expect(links).toEqual(expect.arrayContaining(['Physicians', 'Nurses', 'Administrators', 'Technicians']));
  for (const other of [
    'Sales Representatives',
    'Sleep Coordinators',
    'Interpreting Physicians',
    'Audit Report',
  ])
    expect(links).not.toContain(other);
  await menu.getByRole('link', { name: 'Administrators', exact: true }).click();
  await expect(admin).toHaveURL('/app/administrators');
  await expect((await staffRow(admin, person.username)).first()).toBeVisible();

  // No 'Sign in as another user' (role 1 only, 000 §6.2).
  await admin.getByRole('button', { name: `${person.firstname} ${person.lastname}`, exact: true }).click();
  await expect(admin.getByRole('menuitem', { name: 'User Profile' })).toBeVisible();
  await expect(admin.getByRole('menuitem', { name: 'Sign in as another user' })).toHaveCount(0);
  await admin.keyboard.press('Escape');

  // A page outside the grant falls to not-found (000 §2.1, §2.6).
  for (const path of ['/app/audit-report', '/app/vendors', '/app/roles']) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { name: 'Oops, Page Not Found :(' })).toBeVisible();
  }
  await admin.context().close();
});

test("a nurse changes their own password from the profile: the match texts, the strength, 'Password Updated', and signs in with it (001 §2.7, §5)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const chosen = 'Grace#new#pass88';
  let changed = false;
  try {
    await signIn(page, 'role8@demo.test');
    await page.getByRole('button', { name: 'Grace Kim' }).click();
    await page.getByRole('menuitem', { name: 'User Profile' }).click();
    await expect(page).toHaveURL('/app/profile');
    const card = page.locator('.profile-card', {
      has: page.getByRole('heading', { name: 'Change Password' }),
    });
    const next = card.getByLabel('New Password');
    const strength = card.getByRole('progressbar', { name: 'Password strength' });

    await card.getByLabel('Current Password').fill(DEMO_PASSWORD);
    // The strength indicator (001 §5): Too short, Weak, Good, Strong.
    for (const [text, label, value] of [
      ['abc', 'Too short', '0'],
      ['abcdefgh', 'Weak', '33'],
      ['abcdef12', 'Good', '66'],
      [chosen, 'Strong', '100'],
    ] as const) {
      await next.fill(text);
      await expect(next).toHaveAccessibleDescription(label);
      await expect(strength).toHaveAttribute('aria-valuenow', value);
    }
    const confirm = card.getByLabel('Confirm Password');
    await confirm.fill('Grace#new#pass');
    await expect(card.getByText('Passwords do not match', { exact: true })).toBeVisible();
    await confirm.fill(chosen);
    await expect(card.getByText('Passwords match', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('profile-password.png'), fullPage: true });

    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('status')).toHaveText('Password Updated');
    changed = true;
    await expect(next).toHaveValue('');

    // The old password no longer opens the account; the new one does.
    await logOut(page, 'Grace Kim');
    await expect(page).toHaveURL(/\/(login)?$/);
    await submitSignIn(page, 'role8@demo.test', DEMO_PASSWORD);
    await expect(page.getByText('*Invalid Username or Password')).toBeVisible();
    await submitSignIn(page, 'role8@demo.test', chosen);
    await expect(page).toHaveURL(/\/app\/dashboard$/, SIGN_IN_WAIT);
  } finally {
    // Other specs sign in as this demo nurse with the demo password.
    if (changed) {
      if (!/\/app\//.test(page.url())) await signIn(page, 'role8@demo.test', chosen);
      expect(await changePasswordThroughApi(page, chosen, DEMO_PASSWORD)).toBe(true);
    }
  }
});

test('the device-count table matches the inventory, before and after a device goes to a patient (001 §2.5)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The third sign-in of this administrator in the file: it may take longer (sign-in-helpers.ts).
  await signIn(page, 'role2@demo.test');
  const org = NORTHWIND_DOWNTOWN.organization;
  const before = await countsOf(page, org);
  const id = before.id;
  const issued = (p: Page) => inventoryCount(p, `/app/devices?status=assigned&organization=${id}`);
  const available = (p: Page) => inventoryCount(p, `/app/unassigned-devices?organization=${id}`);
  expect(await issued(page)).toBe(before.devices_issued);
  expect(await available(page)).toBe(before.available_devices);
  expect(before.total_devices).toBe(before.devices_issued + before.available_devices);

  // Assign the first available device to a patient of the organisation.
  const patient = await readablePatient(page);
  await page.goto(`/app/unassigned-devices?organization=${id}`);
  await page
    .getByRole('button', { name: /^Assign / })
    .first()
    .click();
  const assign = page.getByRole('dialog', { name: 'Assign Device' });
  await assign.getByLabel('Patient RPM ID*').fill(String(patient));
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toHaveCount(0);
  await expect(page.getByText('Added Successfully')).toBeVisible();

  const after = await countsOf(page, org);
  expect(after).toEqual({
    ...before,
    devices_issued: before.devices_issued + 1,
    available_devices: before.available_devices - 1,
  });
  expect(await issued(page)).toBe(after.devices_issued);
  expect(await available(page)).toBe(after.available_devices);
});
