/**
 * "Report a problem" in Chromium: a visitor's report reaches the server and an administrator
 * reads it (newest first, linked to the work) and marks it handled; other accounts cannot.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, freshName, loginToken, register, useToken } from './helpers/accounts.ts';

// Several pages and full loads per test on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`report a problem and see it as admin (${size})`, async ({ browser, request }) => {
    const details = `Track 2 stops halfway (${freshName('r')})`;
    const visitor = await browser.newPage({ viewport });
    await visitor.goto('/work/RJ01234568');
    await visitor.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Report a problem with this work' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Please choose what is wrong')).toBeVisible();
    await dialog.getByLabel('Problem').click();
    await visitor.getByRole('option', { name: 'Cannot play' }).click();
    await dialog.getByLabel('Details').fill(details);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await visitor.close();

    const admin = await browser.newPage({ viewport });
    await useToken(admin, await loginToken(request, ADMIN.name, ADMIN.password));
    await admin.goto('/works');
    await admin.getByTestId('menu-button').click();
    await admin.getByTestId('side-drawer').getByRole('link', { name: 'Console' }).click();
    await admin.getByTestId('console-nav').getByText('Problem reports').click();
    const item = admin.getByTestId('feedback-item').first();
    await expect(item).toContainText(details);
    await expect(item).toContainText('Cannot play');
    await expect(item).toContainText('anonymous visitor');
    await item.getByRole('button', { name: 'Mark handled' }).click();
    await expect(item).toContainText('Handled');
    await admin.getByLabel('Open only').check();
    await expect(admin.getByTestId('feedback-item').filter({ hasText: details })).toHaveCount(0);
    await admin.getByLabel('Open only').uncheck();
    await admin.getByTestId('feedback-item').first().getByRole('link').click();
    await expect(admin).toHaveURL(/\/work\/1234568$/);
    await admin.close();
  });
}

test('a user who is not an administrator cannot read the reports', async ({ page, request }) => {
  await useToken(page, await register(request, freshName('curious')));
  await page.goto('/admin/feedback');
  await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  await expect(page.getByTestId('feedback-item')).toHaveCount(0);
});
