/// <reference lib="dom" />
/**
 * The listener's continuity screens, for review: the continue-listening row and the "continue
 * from …" offer, the history, bookmarks (work page and full player), "Keep offline" with its
 * progress and after a cancel, and a playlist's share link. Every language is checked for clipped
 * controls and raw message keys; with SCREENSHOTS_DIR set, every language, phone and desktop,
 * light and dark is photographed there (kept out of the repository). The kept list, the offline
 * state and the installed start are in offline.spec.ts, Discover in discover-screens.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { bearer, freshName, register, useToken } from './helpers/accounts.ts';
import { clippedLabels } from './helpers/clipped.ts';
import { COMBOS, SHOTS } from './helpers/screens.ts';

// A control that is not there fails in seconds, not at the end of the long test.
test.use({ actionTimeout: 15_000 });
const LANGS = ['en', 'ja', 'zh-CN'] as const;

/** A 75-second track with lyrics, then a 4-second one (demo library). */
const LONG_WORK = { path: '/work/RJ01100001', id: 1100001, title: '01 はじめに' };

type Node = { type: string; title: string; hash?: string; duration?: number; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? flat(n.children) : [n]));

/**
 * A message key shown as is ("listening.title"), which a missing translation leaves behind ("work."
 * is left out: a work's file "work.json" is listed on its page).
 */
const RAW_KEY = /\b(app|common|listening|offline|player|playlists|catalogue|account)\.[a-z][\w.]*[a-zA-Z]\b/;

async function looksRight(page: Page, what: string): Promise<void> {
  expect.soft(await clippedLabels(page), `${what}: clipped controls`).toEqual([]);
  const text = await page.locator('body').innerText();
  expect.soft(text.match(RAW_KEY)?.[0] ?? null, `${what}: raw message key`).toBeNull();
}

test('continuity screens in every language, phone and desktop, light and dark', async ({
  browser,
  request,
}) => {
  test.setTimeout(SHOTS ? 900_000 : 240_000);
  const token = await register(request, freshName('conshots'));
  const auth = { headers: bearer(token) };

  // A history of a few works, the long track unfinished; a bookmark with a note; a queue saved by
  // another device; a public playlist to share.
  const works = (await (await request.get('/api/works?order=id&sort=asc&pageSize=4')).json()).works as {
    id: number;
  }[];
  const ids = [LONG_WORK.id, ...works.map((w) => w.id).filter((id) => id !== LONG_WORK.id)].slice(0, 4);
  const now = Date.now();
  const positions: { track: string; position: number; duration?: number; at: number }[] = [];
  for (const [i, id] of ids.entries()) {
    const tracks = flat((await (await request.get(`/api/tracks/${id}?v=1`)).json()) as Node[]).filter(
      (n) => n.type === 'audio' && n.hash,
    );
    for (const [j, t] of tracks.slice(0, 2).entries()) {
      const duration = t.duration ?? 60;
      // The first work an hour ago, the others a day and more before.
      const at = now - (i === 0 ? 3_600_000 : i * 86_400_000) - j * 60_000;
      positions.push({
        track: t.hash as string,
        position: j === 0 ? duration * 0.6 : duration,
        duration,
        at,
      });
    }
  }
  const saved = await request.put('/api/listening/positions', {
    ...auth,
    data: { positions, device: 'Chrome on Windows' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const longTrack = flat(
    (await (await request.get(`/api/tracks/${LONG_WORK.id}?v=1`)).json()) as Node[],
  ).find((n) => n.type === 'audio' && n.title.startsWith(LONG_WORK.title));
  if (!longTrack?.hash) throw new Error('long track not found');
  const mark = await request.post('/api/bookmarks', {
    ...auth,
    data: {
      track: longTrack.hash,
      position: 42.5,
      note: 'the rain starts; the whisper moves to the left ear',
    },
  });
  expect(mark.status(), await mark.text()).toBe(200);
  await request.post('/api/bookmarks', { ...auth, data: { track: longTrack.hash, position: 61 } });
  const playlist = await request.post('/api/playlist/create-playlist', {
    ...auth,
    data: { name: 'Rainy nights to fall asleep to', privacy: 2, works: ids },
  });
  const playlistId = (await playlist.json()).id as string;

  for (const lang of LANGS) {
    for (const [[size, viewport], scheme] of COMBOS) {
      const tag = `${lang}-${size}-${scheme}`;
      const context = await browser.newContext({
        viewport,
        colorScheme: scheme,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      await useToken(page, token);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const shot = async (name: string) => {
        await looksRight(page, `${name} ${tag}`);
        // Dialogs, the full player and notices slide or fade in: photographed once settled.
        await page.waitForTimeout(500);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${tag}.png` });
      };

      // The home page: the continue row, and the offer of the queue another device saved.
      await request.put('/api/listening/queue', {
        ...auth,
        data: {
          tracks: [longTrack.hash],
          currentIndex: 0,
          position: 45,
          device: 'Chrome on Windows',
          deviceId: 'screens-other-device',
          at: Date.now(),
        },
      });
      await page.goto('/works');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('continue-item').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('continue-offer')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('works-grid')).toBeVisible();
      await shot('continue-row');

      // The installed app's start (display-mode standalone), at its start URL.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setEmulatedMedia', {
        features: [
          { name: 'display-mode', value: 'standalone' },
          { name: 'prefers-color-scheme', value: scheme },
        ],
      });
      await page.goto('/');
      await expect(page).toHaveURL(/\/works$/);
      await expect(page.getByTestId('continue-item').first()).toBeVisible({ timeout: 20_000 });
      test.info().annotations.push({
        type: 'standalone',
        description: String(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)),
      });
      await shot('standalone-start');
      // A page opened directly in the installed app goes home with Back: it has no browser Back.
      await page.goto(LONG_WORK.path);
      await expect(page.getByTestId('tree-audio').first()).toBeVisible();
      await shot('standalone-work');
      await page.getByTestId('back-button').click();
      await expect(page).toHaveURL(/\/works$/);
      await cdp.send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: scheme }],
      });

      await page.goto('/history');
      await expect(page.getByTestId('history-work').first()).toBeVisible();
      await shot('history');
      await page.getByTestId('history-clear-all').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('history-clear-all');
      await page.keyboard.press('Escape');

      // Bookmarks on the work page, then in the full player.
      await page.goto(LONG_WORK.path);
      const listed = page.getByTestId('work-bookmarks');
      await expect(listed.getByTestId('bookmark-item')).toHaveCount(2);
      await listed.scrollIntoViewIfNeeded();
      await shot('bookmarks-work');
      await listed.getByTestId('bookmark-item').first().click();
      await expect(page.getByTestId('player-bar')).toBeVisible();
      await page.getByTestId('player-play-pause').first().click();
      // The bar opens the full player (its expand button is there only on a wide screen).
      await page.getByTestId('player-title').click();
      const full = page.getByTestId('full-player');
      await expect(full.getByTestId('bookmark-item')).toHaveCount(2);
      await page.waitForTimeout(500);
      await full.getByTestId('bookmark-item').first().scrollIntoViewIfNeeded();
      await shot('bookmarks-player');
      await full.getByTestId('bookmark-add').click();
      await expect(page.getByTestId('bookmark-dialog')).toBeVisible();
      await shot('bookmarks-add');
      await page.keyboard.press('Escape');
      await full.getByTestId('full-player-close').click();

      // Keep offline: the progress (the audio slowed down so it is still running), then a cancel.
      await page.route('**/api/media/stream/**', async (route) => {
        await new Promise((r) => setTimeout(r, 4000));
        await route.continue().catch(() => undefined);
      });
      await page.getByTestId('keep-offline').scrollIntoViewIfNeeded();
      await page.getByTestId('keep-offline').click();
      await expect(page.getByTestId('keep-offline-progress')).toBeVisible();
      await shot('keep-progress');
      await page.getByTestId('keep-offline-cancel').click();
      await expect(page.getByTestId('keep-offline')).toBeVisible();
      await shot('keep-cancelled');
      await page.unroute('**/api/media/stream/**');

      // The share link of a public playlist, copied.
      await page.goto(`/playlist?id=${playlistId}`);
      await expect(page.getByTestId('playlist-duration')).toBeVisible();
      // The clipboard writes only for the focused page.
      await page.bringToFront();
      await page.getByTestId('share-link').click();
      await expect(page.getByTestId('notification')).toBeVisible();
      await shot('share-link');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
        `/playlist?id=${playlistId}`,
      );
      await context.close();
    }
  }
});
