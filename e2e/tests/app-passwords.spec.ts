/**
 * App passwords in the account settings, in Chromium on a phone and a desktop: made for a device,
 * shown once, working for a Subsonic player at once, listed with when it was last used, revoked.
 */
import { expect, test } from '@playwright/test';
import { freshName, register, useToken } from './helpers/accounts.ts';

test.describe.configure({ timeout: 180_000 });

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`an app password is made, used by a player, and revoked (${size})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const name = freshName('player');
    await useToken(page, await register(request, name));
    await page.goto('/settings');
    const section = page.getByTestId('app-passwords');
    await expect(section).toContainText('No app passwords yet.');
    await section.getByLabel('Device or app').fill('Phone – Symfonium');
    await section.getByRole('button', { name: 'Create app password' }).click();
    const shown = page.getByTestId('app-password-secret');
    await expect(shown).toContainText('it will not be shown again');
    const secret = (await shown.locator('code').textContent()) as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await page.screenshot({ path: `/tmp/subsonic-app-password-${size}.png`, fullPage: false });

    // A player signs in with it at once.
    const ping = await request.get(`/rest/ping.view?f=json&c=e2e&v=1.16.1&u=${name}&p=${secret}`);
    expect((await ping.json())['subsonic-response'].status).toBe('ok');
    await page.reload();
    await expect(section.getByText('Phone – Symfonium')).toBeVisible();
    await expect(section).toContainText('last used');
    await expect(page.getByTestId('app-password-secret')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/subsonic-app-password-list-${size}.png` });

    await section.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(section).toContainText('No app passwords yet.');
    const after = await request.get(`/rest/ping.view?f=json&u=${name}&p=${secret}`);
    expect((await after.json())['subsonic-response'].error.code).toBe(40);
  });
}

test('the account settings speak Chinese and Japanese in dark mode', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await useToken(page, await register(request, freshName('lang')));
  for (const [lang, title] of [
    ['zh-CN', '音乐应用'],
    ['ja', '音楽アプリ'],
  ] as const) {
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/settings');
    const section = page.getByTestId('app-passwords');
    await expect(section).toContainText(title);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/subsonic-app-password-${lang}-dark.png` });
  }
});
