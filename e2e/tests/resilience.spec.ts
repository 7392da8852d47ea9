/// <reference lib="dom" />
/**
 * No dead ends when the network or the server blinks (docs/product.md §8): the player keeps
 * playing through a server restart and loads again when it is back, the reconnecting banner comes
 * and goes, a screen chunk that fails shows the error in the page area with a working Retry,
 * a page past the end goes to the last page, and empty lists offer their action. At desktop and
 * phone width.
 */

import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { freshName, register, useToken } from './helpers/accounts.ts';
import { OwnServer } from './helpers/ownServer.ts';

// Restarts, retries with backoff and a cold server take their time on a busy machine.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** A 75-second .mp3 track, then a 4-second one. */
const LONG_WORK = '/work/RJ01100001';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
    return {
      time: a?.currentTime ?? -1,
      paused: a?.paused ?? true,
      ended: a?.ended ?? false,
      src: a?.currentSrc ?? '',
    };
  });

/** Opens and closes the drawer, so that its code is in the page before the server goes. */
async function loadDrawer(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('link', { name: 'Circles' })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** A screen that asks the server for its list, reached from the drawer. */
async function openCircles(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByRole('link', { name: 'Circles' }).click();
}

/** The current page button of the pager. */
const currentPage = (page: Page) => page.getByTestId('pagination').locator('[aria-current="page"]');

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test.describe('a server that goes away and comes back', () => {
      let server: OwnServer;
      test.beforeAll(async () => {
        test.setTimeout(240_000);
        server = await OwnServer.create();
        await server.start();
      });
      test.afterAll(async () => {
        await server.dispose();
      });

      test('playback goes on from the buffer, the banner counts down, and everything loads again', async ({
        page,
      }) => {
        await page.goto(`${server.url}${LONG_WORK}`);
        const track = page.getByTestId('tree-audio').filter({ hasText: '01 はじめに' });
        await expect(track).toBeVisible();
        await track.click();
        await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
        await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(1);

        await loadDrawer(page);
        await server.stop();
        const atStop = (await audioState(page)).time;
        // What was buffered keeps playing.
        await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(atStop + 2);

        // A screen that needs the server: its request fails, the banner says so; the shell stays.
        await page.getByTestId('menu-button').click();
        await page.getByRole('link', { name: 'Library' }).click();
        const banner = page.getByTestId('connection-banner');
        await expect(banner).toBeVisible();
        await expect(banner).toContainText(/Connection lost — reconnecting/);
        await expect(page.getByTestId('menu-button')).toBeVisible();
        await expect(page.getByTestId('player-bar')).toBeVisible();
        expect((await audioState(page)).paused).toBe(false);

        // The next track cannot load while the server is away…
        await page.locator('[data-testid="player-next"]:visible').first().click();
        await expect(page.getByTestId('player-title').first()).toHaveText(/^02/);

        await server.start();
        // …the banner goes by itself once a health check answers (backoff at most 30 s)…
        await expect(banner).toBeHidden({ timeout: 45_000 });
        // …the library that failed is fetched again (a cold server can be slow to answer the first list)…
        await expect(page.getByTestId('work-card').first()).toBeVisible({ timeout: 60_000 });
        // …and the track loads from the server and plays. It is 4 s long: by the time a cold
        // server has answered the list above it may have played to its end, which counts too.
        await expect
          .poll(
            async () => {
              const a = await audioState(page);
              return a.time > 0.5 && (!a.paused || a.ended);
            },
            { timeout: 45_000 },
          )
          .toBe(true);
        expect((await audioState(page)).src).toMatch(/\/api\/media\//);
      });

      test('"Retry now" checks at once instead of waiting', async ({ page }) => {
        await page.goto(`${server.url}/works`);
        await expect(page.getByTestId('work-card').first()).toBeVisible();
        await loadDrawer(page);
        // The browser holds the server away (every API request is refused) instead of the server
        // stopping, so it is back the moment the test lets it: a restarted server could come up
        // while an automatic check was due, which then hid the banner before Retry was clicked.
        await page.route('**/api/**', (route) => route.abort('connectionrefused'));
        await openCircles(page);
        const banner = page.getByTestId('connection-banner');
        // The backoff has reached 8 s or more: the automatic check is at least 7 s away…
        await expect(banner).toContainText(/reconnecting in ([89]|[1-3]\d)s/);
        await page.unroute('**/api/**');
        await banner.getByRole('button', { name: 'Retry now' }).click();
        // …so the banner going within 3 s is Retry's own check.
        await expect(banner).toBeHidden({ timeout: 3_000 });
      });

      test('covers that failed while the server was away load once it is back', async ({ page }) => {
        await page.goto(`${server.url}/works`);
        // The list's own cards: the popular row's can come first, and its last card is not the page's.
        const cards = page.getByTestId('works-grid').getByTestId('work-card');
        await expect(cards.first()).toBeVisible();
        await page.route('**/api/**', (route) => route.abort('connectionrefused'));
        // The last cards come near the screen while the server is away: their covers fail…
        const last = cards.last();
        await last.scrollIntoViewIfNeeded();
        await expect(last.getByTestId('cover').locator('img')).toHaveCSS('visibility', 'hidden');
        // …and the app notices the outage on its next request (the search box's suggestions).
        await page.getByTestId('search-input').first().focus();
        const banner = page.getByTestId('connection-banner');
        await expect(banner).toBeVisible();
        await page.unroute('**/api/**');
        await banner.getByRole('button', { name: 'Retry now' }).click();
        await expect(banner).toBeHidden();
        await expect
          .poll(() =>
            last
              .getByTestId('cover')
              .locator('img')
              .evaluate((img: HTMLImageElement) => img.naturalWidth),
          )
          .toBeGreaterThan(0);
        await expect(last.getByTestId('cover').locator('img')).toBeVisible();
      });
    });

    test('a screen chunk that fails shows the error in the page area, and Retry loads it', async ({
      page,
    }) => {
      await page.goto('/works');
      await expect(page.getByTestId('work-card').first()).toBeVisible();
      await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
      await page.getByTestId('menu-button').click();
      await page.getByRole('link', { name: 'About' }).click();
      const error = page.getByTestId('page-error');
      await expect(error).toBeVisible();
      // The shell and its top bar stay; only the page area shows the failure.
      await expect(page.getByTestId('menu-button')).toBeVisible();
      await page.unroute('**/assets/AboutPage-*.js');
      await error.getByTestId('page-error-retry').click();
      await expect(error).toBeHidden();
      await expect(page.getByRole('heading', { name: 'About Sasayaki' })).toBeVisible();
    });

    test('a chunk the server no longer has (a new build) offers a reload', async ({ page }) => {
      await page.goto('/works');
      await expect(page.getByTestId('work-card').first()).toBeVisible();
      await page.route('**/assets/AboutPage-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.goto('/about');
      const error = page.getByTestId('page-error');
      await expect(error).toBeVisible();
      await expect(error).toContainText('A new version of Sasayaki is available');
      await page.unroute('**/assets/AboutPage-*.js');
      await error.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('heading', { name: 'About Sasayaki' })).toBeVisible();
    });

    test('a page past the end goes to the last page and the pager shows it', async ({ page }) => {
      await page.goto('/works?pageSize=20&page=999');
      await expect(page).toHaveURL(/[?&]page=\d+/);
      await expect(page).not.toHaveURL(/page=999/);
      const last = Number(new URL(page.url()).searchParams.get('page'));
      const total = Number(
        (await (await page.request.get('/api/works?pageSize=20')).json()).pagination.totalCount,
      );
      expect(last).toBe(Math.ceil(total / 20));
      await expect(currentPage(page)).toHaveText(String(last));
      await expect(page.getByTestId('work-card').first()).toBeVisible();

      // The same for a search: two results on a page of 20 is one page.
      const keyword = encodeURIComponent('$tag:ASMR$');
      await page.goto(`/works?keyword=${keyword}&page=50`);
      await expect(page).not.toHaveURL(/page=50/);
      await expect(page.getByTestId('work-card').first()).toBeVisible();
      // Back does not return to the empty page: it was replaced.
      await page.goBack();
      await expect(page).not.toHaveURL(/page=50/);
    });

    test('empty lists say what to do and offer the way out', async ({ page }) => {
      // No search results → clear the search.
      await page.goto(`/works?keyword=${encodeURIComponent('nothing-matches-this-zzz')}`);
      const empty = page.getByTestId('works-empty');
      await expect(empty).toContainText('No works match this search');
      await empty.getByRole('link', { name: 'Clear the search' }).click();
      await expect(page).toHaveURL(/\/works$/);
      await expect(page.getByTestId('work-card').first()).toBeVisible();

      // No reviews on a work → write one (signed out: the login dialog).
      await page.goto(LONG_WORK);
      const reviews = page.getByTestId('work-reviews-empty');
      await expect(reviews).toBeVisible();
      await reviews.getByRole('button', { name: 'Write a review' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test('a new listener sees empty favourites and playlists with their actions', async ({
      page,
      request,
    }) => {
      await useToken(page, await register(request, freshName('empty')));
      await page.goto('/favourites');
      const reviewed = page.getByTestId('empty-state');
      await expect(reviewed).toContainText('You have not rated or reviewed a work yet');
      await page.goto('/listening?page=7');
      await expect(page.getByTestId('empty-state')).toContainText('No works are marked “Listening” yet');
      await expect(page).not.toHaveURL(/page=7/);
      await page.getByTestId('empty-state-action').click();
      await expect(page).toHaveURL(/\/works$/);

      await page.goto('/playlists');
      await page.getByRole('button', { name: /liked/i }).click();
      const none = page.getByTestId('empty-state');
      await expect(none).toContainText('No playlists here yet.');
      await none.getByRole('button', { name: 'New playlist' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
}

/** Written to the test's output folder (or E2E_SHOTS_DIR) to be looked at. */
test.describe('screenshots of the banner and the page error', () => {
  for (const lang of ['en', 'zh-CN', 'ja'] as const) {
    for (const theme of ['disabled', 'enabled'] as const) {
      test(`${lang}, ${theme === 'enabled' ? 'dark' : 'light'}`, async ({ page }) => {
        const dir = process.env.E2E_SHOTS_DIR ?? test.info().outputDir;
        fs.mkdirSync(dir, { recursive: true });
        const tag = `${lang}-${theme === 'enabled' ? 'dark' : 'light'}`;
        await page.addInitScript(
          ({ l, d }) => {
            localStorage.setItem('lang', l);
            const s = JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}');
            localStorage.setItem('sasayaki-settings', JSON.stringify({ ...s, darkMode: d }));
          },
          { l: lang, d: theme },
        );
        await page.goto('/works');
        await expect(page.getByTestId('work-card').first()).toBeVisible();
        // The server stops answering: every API call and health check gets no answer.
        await page.route('**/api/**', (route) => route.abort());
        await page.getByTestId('menu-button').click();
        await page.getByRole('link', { name: /Circles|社团|サークル/ }).click();
        await expect(page.getByTestId('connection-banner')).toBeVisible();
        await page.screenshot({ path: path.join(dir, `banner-${tag}.png`) });
        await page.unroute('**/api/**');

        await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
        await page.goto('/about');
        await expect(page.getByTestId('page-error')).toBeVisible();
        await page.screenshot({ path: path.join(dir, `page-error-${tag}.png`) });
      });
    }
  }
});
