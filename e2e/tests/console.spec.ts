/**
 * The administrator's console at /admin in Chromium, per role: a visitor is asked to log in, the
 * guest and a listener are refused in words, an administrator gets the section nav on desktop
 * (side list) and phone (tabs), reached from the drawer.
 */
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, freshName, loginToken, register, useToken } from './helpers/accounts.ts';

test.describe.configure({ timeout: 120_000 });
// Each test opens fresh pages whose chunks (the console's own among them) load cold: on a busy
// shared machine a first paint can take longer than the default ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

async function setLanguage(page: Page, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

test('an anonymous visitor is asked to log in as an administrator', async ({ page }) => {
  await page.goto('/admin');
  const refused = page.getByTestId('console-refused');
  await expect(refused).toContainText('The console is for administrators.');
  await expect(page.getByTestId('console-nav')).toHaveCount(0);
  await refused.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('the guest account is told the console is for administrators', async ({ page, request }) => {
  await useToken(page, await loginToken(request, 'guest', 'guest'));
  await page.goto('/admin/feedback');
  await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  await expect(page.getByTestId('console-refused')).toContainText('shared guest account');
  await expect(page.getByTestId('feedback-item')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-drawer').getByText('Console', { exact: true })).toHaveCount(0);
  // The way on is an administrator's account (from the page as it loads, drawer closed).
  await page.reload();
  await page.getByTestId('console-refused').getByRole('button', { name: 'Log in as administrator' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('a listener is refused by name, in their language, and has no drawer entry', async ({
  browser,
  page,
  request,
}) => {
  const name = freshName('listener');
  const token = await register(request, name);
  await useToken(page, token);
  await page.goto('/admin');
  await expect(page.getByTestId('console-refused')).toContainText(
    `Your account (${name}) is not an administrator`,
  );
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page).toHaveURL(/\/works$/);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-drawer').getByText('Console', { exact: true })).toHaveCount(0);

  const ja = await browser.newPage();
  await useToken(ja, token);
  await setLanguage(ja, 'ja');
  await ja.goto('/admin');
  await expect(ja.getByRole('heading', { name: '管理者専用' })).toBeVisible();
  await expect(ja.getByTestId('console-refused')).toContainText(
    `アカウント（${name}）は管理者ではありません`,
  );
  await ja.close();
});

for (const [size, viewport] of VIEWPORTS) {
  test(`an administrator opens the console from the drawer and moves between sections (${size})`, async ({
    browser,
    request,
  }) => {
    const page = await browser.newPage({ viewport });
    await useToken(page, await loginToken(request, ADMIN.name, ADMIN.password));
    // From a light page: the works list's carousels keep a busy machine busy for a while.
    await page.goto('/about');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-drawer').getByRole('link', { name: 'Console' }).click();
    // The console opens on its first section.
    await expect(page).toHaveURL(/\/admin\/libraries$/);
    const nav = page.getByTestId('console-nav');
    await expect(nav).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();
    await expect(page.getByTestId('library-root')).toContainText('Demo library');
    await nav.getByRole(size === 'phone' ? 'tab' : 'link', { name: 'Problem reports' }).click();
    await expect(page).toHaveURL(/\/admin\/feedback$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Problem reports' })).toBeVisible();
    await expect(page.getByTestId('console-refused')).toHaveCount(0);
    await page.close();
  });
}

// Every language, phone and desktop, light and dark; with SCREENSHOTS_DIR set, each is saved there
// to be looked at (kept out of the repository). Without it one combination per language is checked.
const SHOTS = process.env.SCREENSHOTS_DIR;

test('the console reads in every language, phone and desktop, light and dark', async ({
  browser,
  request,
}) => {
  const token = await loginToken(request, ADMIN.name, ADMIN.password);
  const headings = { en: 'Problem reports', ja: '問題の報告', 'zh-CN': '问题反馈' };
  const combos = SHOTS
    ? VIEWPORTS.flatMap((v) => (['light', 'dark'] as const).map((scheme) => [v, scheme] as const))
    : ([[VIEWPORTS[1], 'dark']] as const);
  for (const [lang, heading] of Object.entries(headings)) {
    for (const [[size, viewport], scheme] of combos) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await useToken(page, token);
      await setLanguage(page, lang);
      await page.goto('/admin/feedback');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-${lang}-${size}-${scheme}.png` });
      await page.close();
    }
  }
});
