/**
 * Browsing the demo library in Chromium: the home page with its swiper, sort / page size / display
 * mode kept in the URL and restored by the back button, the entity lists and the END marker.
 */
import { expect, test } from '@playwright/test';

test('home shows the popular swiper and a page of works', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/works$/);
  await expect(page.getByTestId('works-total')).toHaveText(/\d+ works/);
  // The swiper's code loads after the list's (it is below the fold on a phone): on a busy machine
  // it can take longer than the list.
  await expect(page.getByRole('region', { name: 'Popular now' })).toBeVisible({ timeout: 30_000 });
  const cards = page.getByTestId('works-grid').getByTestId('work-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);
  // every detail card has its duration badge and a link to the work
  await expect(cards.first().getByTestId('duration-badge')).toBeVisible();
  await expect(cards.first().getByTestId('work-title')).toHaveAttribute('href', /^\/work\//);
});

test('the popular row is a carousel: its buttons step a card, and it turns by itself', async ({ page }) => {
  await page.goto('/works');
  const row = page.getByRole('region', { name: 'Popular now' });
  await expect(row.getByTestId('work-card').first()).toBeVisible();
  // The row's cards come with the works page's code: no grey boxes wait for a carousel's own chunk.
  await expect(page.locator('main .MuiSkeleton-root')).toHaveCount(0);
  const scroller = row.locator('[data-arrow-scroll]');
  const left = () => scroller.evaluate((el) => el.scrollLeft);
  const step = await row
    .getByTestId('work-card')
    .evaluateAll((cards) => (cards[1] as HTMLElement).offsetLeft - (cards[0] as HTMLElement).offsetLeft);
  expect(step).toBeGreaterThan(100);
  // Six cards in view at 1280 px.
  const inView = await scroller.evaluate((el) =>
    Math.round((el.clientWidth + 12) / (el.children[1] as HTMLElement).offsetLeft),
  );
  expect(inView).toBe(6);

  await expect(row.getByRole('button', { name: 'Previous' })).toBeHidden();
  await row.getByRole('button', { name: 'Next' }).click();
  await expect.poll(left).toBe(step);
  await row.getByRole('button', { name: 'Previous' }).click();
  await expect.poll(left).toBe(0);

  // The pointer away from the row, it turns one card after 4 s.
  await page.mouse.move(0, 0);
  await expect.poll(left, { timeout: 12_000 }).toBeGreaterThanOrEqual(step);
  // Focused, its arrow keys scroll it (and the player leaves them alone).
  await scroller.focus();
  const before = await left();
  await page.keyboard.press('ArrowRight');
  await expect.poll(left).toBeGreaterThan(before);
});

test('sort, page size and display mode live in the URL and come back with the back button', async ({
  page,
}) => {
  await page.goto('/works');
  await expect(page.getByTestId('works-grid').getByTestId('work-card').first()).toBeVisible();

  await page.getByLabel('Sort').click();
  await page.getByRole('option', { name: 'Oldest release' }).click();
  await expect(page).toHaveURL(/order=release&sort=asc/);

  await page.getByRole('combobox', { name: /\/ page/ }).click();
  await page.getByRole('option', { name: '40 / page' }).click();
  await expect(page).toHaveURL(/pageSize=40/);

  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page).toHaveURL(/mode=list/);
  // The URL changes before the 40-work page is shown: read the first title from that page (the
  // demo library has more than 20 works), not from the one it replaces.
  await expect
    .poll(() => page.getByTestId('works-grid').getByTestId('work-card').count(), { timeout: 10_000 })
    .toBeGreaterThan(20);

  const first = page.getByTestId('works-grid').getByTestId('work-title').first();
  const title = await first.textContent();
  await first.click();
  await expect(page.getByTestId('work-heading')).toHaveText(title ?? '');

  await page.goBack();
  await expect(page).toHaveURL(/order=release&sort=asc/);
  await expect(page).toHaveURL(/pageSize=40/);
  await expect(page.getByLabel('Sort')).toHaveText('Oldest release');
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('works-grid').getByTestId('work-title').first()).toHaveText(title ?? '');
});

test('the oldest-first order really reverses the list', async ({ page, request }) => {
  const newest = await (await request.get('/api/works?order=release&sort=desc&page=1&pageSize=100')).json();
  await page.goto('/works?order=release&sort=asc&pageSize=100&mode=list');
  const titles = page.getByTestId('works-grid').getByTestId('work-title');
  await expect(titles.first()).toHaveText(newest.works.at(-1).title);
});

test('the tag list counts works and filters by name, and a tag opens its search', async ({ page }) => {
  await page.goto('/tags');
  const list = page.getByTestId('entity-list');
  await expect(list.getByRole('link').first()).toBeVisible();
  const all = await list.getByRole('link').count();
  await page.getByLabel('Filter').fill('ASMR');
  await expect(list.getByRole('link')).toHaveCount(1);
  expect(all).toBeGreaterThan(1);
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(/keyword=%24tag%3AASMR%24/);
  await expect(page.getByTestId('term-chips')).toContainText('tag: ASMR');
});

test('a search without results shows END', async ({ page }) => {
  await page.goto('/works?keyword=zzzz-no-such-work-zzzz');
  await expect(page.getByTestId('works-end')).toHaveText('END');
  await expect(page.getByTestId('works-total')).toHaveText('0 works');
});
