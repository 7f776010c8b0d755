import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import type { DeviceCountRow } from '@rpm/shared';
import { listCount } from './list-helpers.js';

/** Helpers of admin.spec.ts: the Add Admin dialog (001 §2.8), staff made through the API, a second browser. */

/** A page of a browser context of its own (another person's browser). */
export async function newBrowserPage(browser: Browser): Promise<Page> {
  const { baseURL, viewport } = test.info().project.use;
  return (await browser.newContext({ baseURL, viewport })).newPage();
}

/** Opens Administrators and its Add Admin dialog, in 'Add New Admin' mode when asked. */
export async function openAddAdmin(page: Page, mode: 'select' | 'new' = 'select'): Promise<Locator> {
  await page.goto('/app/administrators');
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Admin' });
  await expect(dialog).toBeVisible();
  if (mode === 'new') await dialog.getByText('Add New Admin', { exact: true }).click();
  return dialog;
}

/** Selects the option of `select` whose text is `label`, once the options have loaded. */
async function pick(select: Locator, label: string): Promise<void> {
  await expect(select.getByRole('option', { name: label, exact: true })).toHaveCount(1);
  await select.selectOption({ label });
}

/** Chooses practice, location and program; the practice's organisation is filled in by the dialog. */
export async function choosePlace(
  dialog: Locator,
  place: { practice: string; organization: string; location: string; program: string },
): Promise<void> {
  await pick(dialog.getByLabel('Practice'), place.practice);
  const organization = dialog.getByLabel('Organization');
  await expect(organization.locator('option:checked')).toHaveText(place.organization);
  await pick(dialog.getByLabel('Location'), place.location);
  await pick(dialog.getByLabel('Program'), place.program);
}

/** The demo place new staff go to (bff/src/db/seed/demo-organizations.ts). */
export const NORTHWIND_DOWNTOWN = {
  practice: 'Northwind Heart Clinic',
  organization: 'Northwind Cardiology Group',
  location: 'Northwind Heart Clinic - Downtown',
  program: 'RPM',
} as const;

/** A person of the new admin form, with a user name and a name nobody else has. */
export function newPerson(first: string) {
  const stamp = String(Date.now()).slice(-8);
  return {
    firstname: first,
    lastname: `Tester ${stamp}`,
    username: `${first.toLowerCase()}.${stamp}@example.com`,
    password: 'Welcome#2026x',
  };
}

/** Fills the new admin fields of the dialog ('Add New Admin' mode) with a valid person. */
export async function fillNewAdmin(dialog: Locator, person: ReturnType<typeof newPerson>): Promise<void> {
  await dialog.getByLabel('First Name').fill(person.firstname);
  await dialog.getByLabel('Last Name').fill(person.lastname);
  await dialog.getByLabel('DOB').fill('1980-04-02');
  await dialog.getByLabel('Mobile').fill('3125550142');
  await dialog.getByLabel('Username').fill(person.username);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
}

/**
 * Creates a staff user through rpm/users/add with the signed-in user's session, at Northwind Heart Clinic -
 * Downtown (the arrange step of a test about another screen).
 */
export async function createStaffThroughApi(
  page: Page,
  person: ReturnType<typeof newPerson>,
  roleid: number,
): Promise<void> {
  const status = await page.evaluate(
    async ({ person, roleid, place }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
      const headers = { uid: String(user.user_id), token: user.token };
      const data = async (path: string, more: Record<string, string> = {}) =>
        (await (await fetch(`/api/${path}`, { headers: { ...headers, ...more } })).json()).data;
      const practice = (
        (await data('rpm/practices/getAllPractices')) as { practice_id: number; label: string }[]
      ).find((p) => p.label === place.practice);
      if (!practice) throw new Error(`no practice ${place.practice}`);
      const ids = { practice_id: String(practice.practice_id) };
      const [org] = (await data('rpm/practices/getOrgByPracticeId', ids)) as { organization_id: number }[];
      const locations = (await data('rpm/practices/getLocationsByPracticeIdOrgId', {
        ...ids,
        organization_id: String(org?.organization_id),
      })) as { location_id: number; location_name: string; programs: { program_id: number }[] }[];
      const location = locations.find((l) => l.location_name === place.location);
      const programId = location?.programs[0]?.program_id;
      const res = await fetch('/api/rpm/users/add', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          ...person,
          dob: '1985-06-15',
          phone: '',
          mobile: '3125550143',
          fax: '',
          roleid,
          organization_id: org?.organization_id,
          practice_id: practice.practice_id,
          location_id: location?.location_id,
          program_id: programId,
          programs: [programId],
          is_sleeplab_user: 0,
        }),
      });
      return res.status;
    },
    { person, roleid, place: NORTHWIND_DOWNTOWN },
  );
  expect(status).toBe(200);
}

/**
 * Changes the signed-in user's password through rpm/users/changePasswordByUserId (001 §7); true when the server
 * took it.
 */
export async function changePasswordThroughApi(page: Page, from: string, to: string): Promise<boolean> {
  return page.evaluate(
    async ({ from, to }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
      const res = await fetch('/api/rpm/users/changePasswordByUserId', {
        method: 'POST',
        headers: { uid: String(user.user_id), token: user.token, 'content-type': 'application/json' },
        body: JSON.stringify({ userid: user.user_id, newPassword: to, superPassword: from }),
      });
      return res.ok && ((await res.json()) as { status: boolean }).status;
    },
    { from, to },
  );
}

/** The staff table's row of a user, found with the list's search box. */
export async function staffRow(page: Page, username: string): Promise<Locator> {
  const search = page.getByRole('searchbox', { name: 'Search name or username' });
  await search.fill(username);
  await search.press('Enter');
  return page.getByRole('row', { name: new RegExp(username.replace(/[.]/g, '\\.')) });
}

/** The figures of the device-count table (001 §2.5), by the spec's column names. */
type Counts = Record<Exclude<keyof DeviceCountRow, 'name'>, number>;

/** The device-count row of an organisation, as numbers by column (the name left out). */
export async function countsOf(page: Page, organization: string): Promise<Counts> {
  await page.goto('/app/devices');
  const table = page.getByRole('table', { name: 'Device counts' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: organization, exact: true }) });
  await expect(row).toHaveCount(1);
  const heads = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  const cells = await row.getByRole('cell').allTextContents();
  return Object.fromEntries(
    heads.flatMap((head, i) => (head === 'name' ? [] : [[head, Number((cells[i] ?? '').replace(/,/g, ''))]])),
  ) as Counts;
}

/** The count of a device list at `path`, once the list has answered. */
export async function inventoryCount(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/of \d+/);
  return listCount(page);
}

/** A patient the signed-in user may read (their RPM ID). */
export async function readablePatient(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    for (let id = 1; id < 2000; id++)
      if ((await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers })).ok) return id;
    throw new Error('no patient the user may read');
  });
}
