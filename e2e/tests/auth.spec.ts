/** Logging in and out in Chromium with the built-in guest account; the lazy validation of docs/product.md §5. */
import { expect, test } from '@playwright/test';

test('validation applies after the first submit', async ({ page }) => {
  await page.goto('/works');
  await page.getByTestId('menu-button').click();
  await page.getByText('Register or log in', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill('abc');
  await expect(dialog.getByText('The username needs at least 5 characters')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('The username needs at least 5 characters')).toBeVisible();
  await expect(dialog.getByText('The password needs at least 5 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'No account yet? Register' }).click();
  const reg = page.getByRole('dialog', { name: 'Register' });
  await reg.getByLabel('Username').fill('someone');
  await reg.getByLabel('Password', { exact: true }).fill('secret1');
  await reg.getByLabel('Repeat password').fill('secret2');
  await reg.getByRole('button', { name: 'Register' }).click();
  await expect(reg.getByText('The passwords do not match')).toBeVisible();
});

test('log in as guest, see the guest tip, log out with a confirmation', async ({ page }) => {
  await page.goto('/works');
  await page.getByTestId('menu-button').click();
  await page.getByText('Register or log in', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill('guest');
  await dialog.getByLabel('Password').fill('guest');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('jwt-token'))).toBeTruthy();
  // docs/product.md §4: with no quick-mark target yet, login sets the default mark-target playlist and says so
  await expect(page.getByText('Quick-mark playlist reset to "Marked"')).toBeVisible();
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}'));
  expect(settings.quickMarkTargetPlaylist?.name).toBe('__SYS_PLAYLIST_MARKED');
  await expect(page.getByText('You are using the guest account')).toBeVisible();

  await page.reload();
  await page.getByTestId('menu-button').click();
  await page.getByText('Log out (guest)').click();
  await page.getByRole('dialog', { name: 'Log out guest?' }).getByRole('button', { name: 'Log out' }).click();
  expect(await page.evaluate(() => localStorage.getItem('jwt-token'))).toBeNull();
  await expect(page.getByText('You are using the guest account')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await expect(page.getByText('Register or log in', { exact: true })).toBeVisible();
});

test('favourites need a login', async ({ page }) => {
  await page.goto('/favourites');
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});
