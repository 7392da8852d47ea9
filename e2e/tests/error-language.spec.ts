/**
 * The server's error codes in the interface language (docs/product.md §8): a wrong password in the
 * login dialog shows the Japanese text of BAD_LOGIN when the interface is in Japanese.
 */
import { expect, test } from '@playwright/test';

test('a wrong password says so in Japanese when the interface is in Japanese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'ja'));
  await page.goto('/works');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByTestId('menu-button').click();
  await page.getByText('登録 / ログイン', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'ログイン' });
  await dialog.getByLabel('ユーザー名').fill('guest');
  await dialog.getByLabel('パスワード').fill('not-the-password');
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/me') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'ログイン' }).click();
  // The server still says it in English, with the code the app translates.
  const res = await answer;
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: 'incorrect name or password', code: 'BAD_LOGIN' });
  await expect(page.getByText('ユーザー名またはパスワードが正しくありません。')).toBeVisible();
  await expect(page.getByText('incorrect name or password')).toHaveCount(0);
  await expect(dialog).toBeVisible();
});
