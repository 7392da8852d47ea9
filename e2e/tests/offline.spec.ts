/// <reference lib="dom" />
/**
 * Offline listening (docs/web.md, "Offline listening") with the service worker running, which the
 * other specs block: a work kept offline opens and plays after `context.setOffline(true)` and a
 * reload, with its lyrics and Media Session, and seeks inside the kept file (Range answered from
 * the cache); other pages show the offline state; a position made offline reaches the server once
 * the network is back. With SCREENSHOTS_DIR set, the kept list, the offline state and the
 * installed start are photographed in every language, size and scheme.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bearer, freshName, register, useToken } from './helpers/accounts.ts';

test.use({ serviceWorkers: 'allow' });
test.setTimeout(240_000);

/** A 75-second .mp3 track with .lrc lyrics (a line every 2 s), then a 4-second one (demo library). */
const KEPT = { path: '/work/RJ01100001', id: 1100001, track: '01 はじめに' };
/** Another demo work, not kept. */
const OTHER = { path: '/work/RJ123456' };
const SHOTS = process.env.SCREENSHOTS_DIR;

const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
    return { time: a?.currentTime ?? -1, src: a?.currentSrc ?? '', paused: a?.paused ?? true };
  });

/** Waits until the service worker controls the page (it claims its clients when it activates). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function keep(page: Page): Promise<{ ms: number }> {
  await page.goto(KEPT.path);
  await controlled(page);
  const started = Date.now();
  await page.getByTestId('keep-offline').click();
  await expect(page.getByTestId('keep-offline-kept')).toBeVisible({ timeout: 60_000 });
  return { ms: Date.now() - started };
}

async function trackHash(page: Page, title: string): Promise<{ hash: string; stream: string }> {
  type Node = { type: string; title: string; hash?: string; mediaStreamUrl?: string; children?: Node[] };
  const tree = (await (await page.request.get(`/api/tracks/${KEPT.id}?v=1`)).json()) as Node[];
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? flat(n.children) : [n]));
  const file = flat(tree).find((n) => n.type === 'audio' && n.title.startsWith(title));
  if (!file?.hash || !file.mediaStreamUrl) throw new Error(`no track ${title}`);
  return { hash: file.hash, stream: file.mediaStreamUrl };
}

async function serverPosition(page: Page, token: string, track: string): Promise<number | null> {
  const res = await page.request.get(`/api/listening/positions?tracks=${track}`, { headers: bearer(token) });
  const { positions } = (await res.json()) as { positions: { position: number }[] };
  return positions[0]?.position ?? null;
}

test('every file the service worker caches at install is served', async ({ request }) => {
  // One missing file fails the whole install: no offline shell at all (a build listed an entry
  // chunk that Vite had dropped as empty).
  const sw = await (await request.get('/sw.js')).text();
  const files = JSON.parse(/const SHELL_FILES = (\[.*?\]);/.exec(sw)?.[1] ?? '[]') as string[];
  expect(files.length).toBeGreaterThan(20);
  expect(files).toContain('/index.html');
  for (const file of files) expect((await request.get(file)).status(), file).toBe(200);
});

test('a kept work opens and plays offline; other pages say they are offline; an offline position reaches the server later', async ({
  browser,
  request,
}) => {
  const token = await register(request, freshName('offline'));
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  const { ms } = await keep(page);
  const track = await trackHash(page, KEPT.track);

  // The kept list in Settings names the work with its size.
  await page.goto('/settings#offline');
  const row = page.getByTestId('kept-work');
  await expect(row).toHaveCount(1);
  const sizeText = (await row.getByTestId('kept-work-size').textContent()) ?? '';
  expect(sizeText).toMatch(/\d(\.\d)? (KB|MB)/);
  await expect(page.getByTestId('kept-storage')).toBeVisible();
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('sasayaki-kept') ?? '[]'));
  test.info().annotations.push({ type: 'kept', description: `${kept[0].bytes} bytes in ${ms} ms` });

  // The bytes the server sends for a range, to compare with the kept file's answer offline.
  const online = await page.request.get(track.stream, { headers: { Range: 'bytes=1000-1999' } });
  expect(online.status()).toBe(206);
  const expected = [...(await online.body())];

  await context.setOffline(true);
  await page.goto(KEPT.path);
  await expect(page.getByTestId('tree-audio').filter({ hasText: KEPT.track })).toBeVisible({
    timeout: 20_000,
  });
  // The browser has no network: the banner says so, not that the server went away.
  await expect(page.getByTestId('connection-banner')).toContainText('You are offline');
  // Its cover was kept as the page shows it (WebP).
  const cover = page.getByTestId('cover').first().locator('img');
  await expect(cover).toHaveAttribute('src', /\/api\/cover\/\d+\.webp/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A Range request for the kept audio is answered from the cache with exactly those bytes.
  const ranged = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    return {
      status: res.status,
      range: res.headers.get('content-range'),
      bytes: [...new Uint8Array(await res.arrayBuffer())],
    };
  }, track.stream);
  expect(ranged.status).toBe(206);
  expect(ranged.range).toMatch(/^bytes 1000-1999\/\d+$/);
  expect(ranged.bytes).toEqual(expected);

  // The track plays, with its lyrics and the Media Session, and seeks inside the kept file.
  await page.getByTestId('tree-audio').filter({ hasText: KEPT.track }).click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
  const start = (await audioState(page)).time;
  await expect
    .poll(async () => (await audioState(page)).time, { timeout: 20_000 })
    .toBeGreaterThan(start + 1.5);
  await expect(page.getByTestId('lyrics-bar-line')).not.toBeEmpty();
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toMatch(
    new RegExp(`^${KEPT.track}`),
  );
  await page.locator('body').press('Shift+ArrowRight');
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(30);
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  const pausedAt = (await audioState(page)).time;

  // The position waits in the outbox: the server does not have it yet.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sasayaki-listening-outbox') ?? ''))
    .toContain(track.hash);
  expect((await serverPosition(page, token, track.hash)) ?? 0).toBeLessThan(30);

  // The menu opens offline, and a page that needs the network shows the offline state.
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('link', { name: /history|履歴|历史/i }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/works');
  await expect(page.getByTestId('offline-state')).toBeVisible();
  await expect(page.getByTestId('offline-kept-work')).toHaveCount(1);
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await page.goto(OTHER.path);
  await expect(page.getByTestId('offline-state')).toBeVisible();

  // Back online: the position made offline reaches the server.
  await context.setOffline(false);
  await expect
    .poll(() => serverPosition(page, token, track.hash), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(Math.floor(pausedAt) - 1);

  // Removing the kept work empties the cache of its files.
  await page.goto('/settings#offline');
  await page.getByTestId('kept-work').getByRole('button').click();
  await expect(page.getByTestId('kept-work')).toHaveCount(0);
  const left = await page.evaluate(async () => (await (await caches.open('sasayaki-kept-v1')).keys()).length);
  expect(left).toBe(0);
  await context.close();
});

test('a keep can be cancelled and leaves nothing behind', async ({ browser, request }) => {
  const token = await register(request, freshName('offcancel'));
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  await page.goto(KEPT.path);
  await controlled(page);
  // Slow the media down so the keep is still running when Cancel is pressed.
  await page.route('**/api/media/stream/**', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await page.getByTestId('keep-offline').click();
  await page.getByTestId('keep-offline-cancel').click();
  await expect(page.getByTestId('keep-offline')).toBeVisible();
  const left = await page.evaluate(async () => (await (await caches.open('sasayaki-kept-v1')).keys()).length);
  expect(left).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('sasayaki-kept') ?? '[]')).toBe('[]');
  await context.close();
});

test('the kept list, the offline state and the installed start, in every language', async ({
  browser,
  request,
}) => {
  test.setTimeout(SHOTS ? 600_000 : 240_000);
  const token = await register(request, freshName('offshots'));
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  await keep(page);
  const cdp = await context.newCDPSession(page);
  const langs = ['en', 'ja', 'zh-CN'] as const;
  const sizes = SHOTS
    ? ([
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const)
    : ([['desktop', { width: 1280, height: 800 }]] as const);
  const schemes = SHOTS ? (['light', 'dark'] as const) : (['light'] as const);
  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };
  for (const lang of langs) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    for (const [size, viewport] of sizes)
      for (const scheme of schemes) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        const tag = `${lang}-${size}-${scheme}`;
        await context.setOffline(false);
        await page.goto('/settings#offline');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.locator('#offline').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('kept-work')).toHaveCount(1);
        await shot(`offline-kept-${tag}`);
        await context.setOffline(true);
        await page.goto('/works');
        await expect(page.getByTestId('offline-state')).toBeVisible();
        await shot(`offline-state-${tag}`);
        // The installed app's start: display-mode standalone, opened offline at its start URL.
        await cdp.send('Emulation.setEmulatedMedia', {
          features: [
            { name: 'display-mode', value: 'standalone' },
            { name: 'prefers-color-scheme', value: scheme },
          ],
        });
        await page.goto('/');
        // This Chromium does not apply the display-mode feature of the emulated media; the start URL
        // opened offline is what the installed app shows first.
        await expect(page.getByTestId('offline-state')).toBeVisible();
        await shot(`offline-standalone-${tag}`);
        await page.goto(KEPT.path);
        await expect(page.getByTestId('keep-offline-kept')).toBeVisible();
        await shot(`offline-work-${tag}`);
        await cdp.send('Emulation.setEmulatedMedia', { features: [] });
      }
  }
  await context.setOffline(false);
  // The manifest the browser installs from.
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    display: string;
    icons: { purpose: string; sizes: string }[];
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  await context.close();
});
