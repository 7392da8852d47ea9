/** A work's page in Chromium: details, the file tree with its path in the URL, legacy links, 404. */
import { expect, test } from '@playwright/test';
import type { TrackNode } from '@sasayaki/contract';

test('opening a work from the list shows its details and files', async ({ page }) => {
  await page.goto('/works');
  const first = page.getByTestId('works-grid').getByTestId('work-title').first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByTestId('work-heading')).toHaveText(title);
  await expect(page.getByTestId('rating').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download all' })).toBeVisible();
  await expect(page.getByTestId('file-tree')).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('All files');
});

test('walking the file tree keeps the folder in the query with #work-tree', async ({ page, request }) => {
  // RJ01400112 has 音声/本編/Disc 1 and more folders
  const tree = (await (await request.get('/api/tracks/1400112?v=1')).json()) as TrackNode[];
  expect(tree.length).toBeGreaterThan(0);
  await page.goto('/work/RJ01400112');
  const crumbs = page.getByTestId('breadcrumbs');
  await expect(crumbs).toContainText('All files');
  await crumbs.getByRole('button', { name: 'All files' }).click();
  await expect(page).toHaveURL(/path=%5B%5D#work-tree$/);
  const folder = page.getByTestId('tree-folder').first();
  const folderTitle = ((await folder.locator('.MuiListItemText-primary').textContent()) ?? '').split(' / ');
  await folder.click();
  await expect(page).toHaveURL(/#work-tree$/);
  const path = JSON.parse(new URL(page.url()).searchParams.get('path') ?? '[]') as string[];
  expect(path.slice(0, folderTitle.length)).toEqual(folderTitle);
  await expect(crumbs).toContainText(folderTitle.at(-1) ?? '');
  await page.goBack();
  await expect(page).toHaveURL(/path=%5B%5D#work-tree$/);
  await expect(page.getByTestId('tree-folder').first()).toBeVisible();
});

test('a text file opens in a new tab', async ({ page, context }) => {
  // RJ01400112 keeps its metadata JSON (a text file) at the top of its tree
  await page.goto('/work/RJ01400112?path=%5B%5D#work-tree');
  const item = page.getByTestId('tree-text').first();
  await expect(item).toBeVisible();
  const [popup] = await Promise.all([context.waitForEvent('page'), item.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/api\/media\/stream\//);
  await popup.close();
});

test('the numeric legacy path shows the same work, and an unknown work goes to 404', async ({ page }) => {
  await page.goto('/work/1400112');
  await expect(page.getByTestId('work-heading')).toBeVisible();
  await page.goto('/work/RJ09999999');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('a registered user reviews, sets progress, adds to a playlist; a vote without email explains the link', async ({
  page,
  request,
}) => {
  const name = `user${Date.now() % 1_000_000}`;
  const reg = await request.post('/api/auth/reg', {
    data: { name, password: 'secret123', recommenderUuid: crypto.randomUUID() },
  });
  expect(reg.status()).toBe(200);
  const { token } = (await reg.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('jwt-token', t), token);
  await page.goto('/work/RJ01400112');
  await expect(page.getByTestId('work-heading')).toBeVisible();

  // review dialog: rating, progress and text
  await page.getByTestId('work-write-review').click();
  const dialog = page.getByRole('dialog', { name: 'My review' });
  await dialog.locator('label').filter({ hasText: '4 of 5 stars' }).click();
  await dialog.getByRole('combobox', { name: 'Progress' }).click();
  await page.getByRole('option', { name: 'Listening' }).click();
  await dialog.getByRole('textbox', { name: 'Review' }).fill('Lovely rain sounds');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Listening' })).toBeVisible();
  const mine = await (
    await request.get('/api/work/1400112', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(mine).toMatchObject({ progress: 'listening', review_text: 'Lovely rain sounds', userRating: 4 });

  // progress dropdown
  await page.getByRole('button', { name: 'Listening' }).click();
  await page.getByRole('menuitem', { name: 'Replay' }).click();
  await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible();

  // playlist dropdown: the system playlists, checked once added
  await page.getByRole('button', { name: 'Playlist' }).click();
  const marked = page.getByRole('menuitemcheckbox', { name: /Marked/ });
  await expect(marked).toHaveAttribute('aria-checked', 'false');
  await marked.click();
  await expect(page.getByText('Added to Marked')).toBeVisible();
  await expect(marked).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // a vote needs a linked email: the user is told why and offered the link, and no vote is counted
  await page.getByRole('button', { name: 'Upvote ASMR' }).click();
  const why = page.getByRole('dialog', { name: 'Voting is not available' });
  await expect(why.getByRole('button', { name: 'Link an email' })).toBeVisible();
  await why.getByRole('button', { name: 'Close' }).click();
  await expect(why).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upvote ASMR' })).toHaveAttribute('aria-pressed', 'false');
});

test('clicking a track plays its folder and marks the playing track in the list', async ({ page }) => {
  await page.goto('/work/RJ01400112');
  const tracks = page.getByTestId('tree-audio');
  await expect(tracks.first()).toBeVisible();
  await tracks.nth(1).click();
  await expect(page.getByTestId('player-bar')).toBeVisible();
  await expect(tracks.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(tracks.nth(0)).not.toHaveAttribute('aria-current', 'true');
});
