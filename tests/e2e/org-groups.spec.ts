import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// Organization Groups and Practice Protocol (issue 42 §1; decisions.md "Organization Groups", "Practice Protocol").

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

test('role 1 groups two organisations under an administrator, who then sees the other organisation’s practices', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role1@demo.test');
  // The Utilities menu holds the screen (000 §2.7).
  await page.goto('/app/billing-utility');
  await page.getByRole('link', { name: 'Organization Groups' }).first().click();
  await expect(page).toHaveURL(/\/app\/organization-groups/);
  await page.getByRole('button', { name: 'Add Group' }).click();
  const add = dialogNamed(page, 'Add Group');
  // Validation first: no name, no organisation.
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Required')).toBeVisible();
  await expect(add.getByText('Choose at least one organization')).toBeVisible();
  await add.getByLabel('Group Name').fill('North River Partners');
  await add.getByRole('checkbox', { name: 'Northwind Cardiology Group' }).check({ force: true });
  await add.getByRole('checkbox', { name: 'Riverside Family Health' }).check({ force: true });
  await add.getByRole('checkbox', { name: 'Marcus Bennett' }).check({ force: true });
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'North River Partners' });
  await expect(row).toContainText('Northwind Cardiology Group, Riverside Family Health');
  await expect(row).toContainText('Marcus Bennett');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('organization-groups.png'), fullPage: true });

  // The group's administrator (role 2 of Northwind) sees Riverside's practices.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'role2@demo.test');
  await page.goto('/app/practices?organization=');
  await expect(page.getByRole('row').filter({ hasText: 'Riverside Family Health' }).first()).toBeVisible();

  // Role 1 takes the administrator off again: the demo data stays as the other specs expect it.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'role1@demo.test');
  await page.goto('/app/organization-groups');
  await page
    .getByRole('row')
    .filter({ hasText: 'North River Partners' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = dialogNamed(page, 'Edit Group');
  await edit.getByRole('checkbox', { name: 'Marcus Bennett' }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'North River Partners' })).not.toContainText(
    'Marcus Bennett',
  );
});

test('the practice lead reads the practice protocol; the organisation administrator changes its escalation minutes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'role5@demo.test');
  await page.goto('/app/practice-protocol');
  const region = page.getByRole('region', { name: 'Practice Protocol' });
  await expect(region.getByRole('table', { name: 'Monitoring levels' })).toBeVisible();
  await expect(region.getByRole('table', { name: 'Escalation chain' }).getByRole('row')).toHaveCount(4);
  await expect(region.getByRole('link', { name: 'Edit in RPM Protocol Defaults' })).toBeVisible();
  await expect(region.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'role2@demo.test');
  await page.goto('/app/practice-protocol');
  const critical = region.getByLabel('Escalate critical alerts after (minutes)');
  const before = await critical.inputValue();
  await critical.fill('20');
  await region.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  const chain = region.getByRole('table', { name: 'Escalation chain' });
  await expect(chain.getByRole('row').nth(2)).toContainText('40');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('practice-protocol.png'), fullPage: true });
  // Back as it was, for the other specs.
  await critical.fill(before);
  await region.getByRole('button', { name: 'Save' }).click();
  await expect(chain.getByRole('row').nth(1)).toContainText(before);
});
