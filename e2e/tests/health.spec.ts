import { expect, test } from '@playwright/test';

test('the server answers health with plain OK', async ({ request }) => {
  const r = await request.get('/api/health');
  expect(r.status()).toBe(200);
  expect(await r.text()).toBe('OK');
});

test('the web app loads in Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Sasayaki/);
});
