/**
 * A returning listener's full page loads of login-only screens: the stored token is checked
 * before anything asks for a login, so the login dialog never opens over their pages.
 */
import { expect, test } from '@playwright/test';
import { freshName, register, useToken } from './helpers/accounts.ts';

// Several pages and full loads per test on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('reloading /favourites 8 times with a valid token never shows the login dialog', async ({
      page,
      request,
    }) => {
      await useToken(page, await register(request, freshName('reload')));
      await page.goto('/favourites');
      for (let i = 0; i < 8; i++) {
        if (i > 0) await page.reload();
        await expect(page.getByRole('tab', { name: 'Reviewed' })).toBeVisible();
        await expect(page.getByText('END')).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
      }
    });

    test('the other login-only screens load signed in too', async ({ page, request }) => {
      await useToken(page, await register(request, freshName('reload')));
      for (const [path, shows] of [
        ['/playlists', page.getByTestId('playlist-card').first()],
        ['/listened', page.getByRole('tab', { name: 'Listened' })],
        ['/favourites/folder', page.getByTestId('playlist-card').first()],
      ] as const) {
        await page.goto(path);
        await expect(shows).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
      }
    });
  });
}

test('an anonymous visitor still gets the login dialog on a login-only screen', async ({ page }) => {
  await page.goto('/favourites');
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('a stale token is cleared and the login dialog opens', async ({ page }) => {
  await useToken(page, 'not.a.token');
  await page.goto('/favourites');
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt-token'))).toBeNull();
});
