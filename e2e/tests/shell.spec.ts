/** The shell in Chromium: drawer, language, dark mode, routes, go-top. */
import { expect, test } from '@playwright/test';

test('the drawer has every entry and switches dark mode through its three states', async ({ page }) => {
  await page.goto('/works');
  await page.getByTestId('menu-button').click();
  const drawer = page.getByTestId('side-drawer');
  for (const name of [
    'Library',
    'My favourites',
    'Playlists',
    'Circles',
    'Tags',
    'Voice actors',
    'Random play',
    'Sleep mode',
    'About',
    'Settings',
    'Register or log in',
  ]) {
    await expect(drawer.getByText(name, { exact: true })).toBeVisible();
  }
  const toggle = page.getByTestId('dark-mode-toggle');
  await expect(toggle).toHaveText('Dark mode: follow system');
  await toggle.click();
  await expect(toggle).toHaveText('Dark mode: on');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('dark-mode-toggle')).toHaveText('Dark mode: off');
});

test('switching the language translates the page and is remembered', async ({ page }) => {
  await page.goto('/works');
  await expect(page.getByRole('heading', { name: 'All works' })).toBeVisible();
  await page.getByTestId('language-button').click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { name: '全部作品' })).toBeVisible();
  // the Chinese locale offers 'translated only'
  await expect(page.getByLabel('仅显示带翻译作品')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '全部作品' })).toBeVisible();
  await page.getByTestId('language-button').click();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  await expect(page.getByRole('heading', { name: 'すべての作品' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('unknown paths show the not-found page; /login opens the login dialog on the works list', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/works$/);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('the settings page stores a change at once', async ({ page }) => {
  await page.goto('/settings');
  for (const section of [
    'General',
    'Player',
    'Search',
    'Subtitles',
    'Server selection',
    'User',
    'Personalised recommendation',
    'Language',
  ]) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await page.getByLabel('Show popular works on the home page').uncheck();
  await page.goto('/works');
  await expect(page.getByTestId('works-grid').getByTestId('work-card').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Popular now' })).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}'));
  expect(stored.showPopularAtHome).toBe(false);
});

test('random play from the drawer starts the player; sleep mode opens the sleep timer', async ({ page }) => {
  await page.goto('/works');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('side-drawer').getByText('Random play', { exact: true }).click();
  await expect(page.getByTestId('player-bar')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('menu-button').click();
  await page.getByTestId('side-drawer').getByText('Sleep mode', { exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sleep timer' })).toBeVisible();
});

test('legacy query ids become keyword searches; bad ids and unknown playlists go to 404', async ({
  page,
  request,
}) => {
  const circles = (await (await request.get('/api/circles/')).json()) as { id: number; name: string }[];
  const circle = circles[0]!;
  await page.goto(`/works?circleId=${circle.id}&page=1`);
  await expect(page).toHaveURL(/\/works\?keyword=/);
  expect(new URL(page.url()).searchParams.get('keyword')).toBe(
    `$circle:${circle.name.includes(' ') ? `"${circle.name}"` : circle.name}$`,
  );
  await expect(page.getByTestId('term-chips')).toContainText(circle.name);
  await page.goto('/works?tagId=abc');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/playlist/not-a-playlist');
  await expect(page).toHaveURL(/\/404$/);
});
