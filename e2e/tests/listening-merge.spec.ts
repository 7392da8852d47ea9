/// <reference lib="dom" />
/**
 * The later listening wins, not the later sending (docs/player.md, "Listening state"), with real
 * browsers: browser contexts stand for devices of one account. The demo library's longest track
 * lasts 75 s, so the 3:20 and 8:00 are 0:31 and 1:01 here (a Shift+→ seeks 30 s).
 * - A desktop pauses, a phone moves on, the desktop's tab closes: a third device resumes where the
 *   phone stopped, and the queue is the phone's.
 * - An anonymous tab paused earlier than the account's later position signs in: the account keeps
 *   its later position.
 * - History off, play, history on, reload: the history stays empty.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bearer, freshName, register, useToken } from './helpers/accounts.ts';

test.setTimeout(240_000);

const LONG_WORK = { path: '/work/RJ01100001', id: 1100001, title: '01 はじめに' };
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  hasTouch: true,
};

const audioTime = (page: Page): Promise<number> =>
  page.evaluate(
    () => document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]')?.currentTime ?? -1,
  );

async function device(context: BrowserContext, token: string | null): Promise<Page> {
  const page = await context.newPage();
  if (token) await useToken(page, token);
  return page;
}

async function playLongTrack(page: Page): Promise<void> {
  await page.goto(LONG_WORK.path);
  const item = page.getByTestId('tree-audio').filter({ hasText: LONG_WORK.title });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
}

/** Seeks 30 s on from at least `from` seconds, then pauses; answers where it paused. */
async function seekOnAndPause(page: Page, from: number): Promise<number> {
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(from);
  await page.locator('body').press('Shift+ArrowRight');
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(from + 30);
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  return audioTime(page);
}

async function longTrackHash(page: Page): Promise<string> {
  type Node = { hash?: string; type: string; title: string; children?: Node[] };
  const tree = (await (await page.request.get(`/api/tracks/${LONG_WORK.id}?v=1`)).json()) as Node[];
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? flat(n.children) : [n]));
  const hash = flat(tree).find((n) => n.type === 'audio' && n.title.startsWith(LONG_WORK.title))?.hash;
  if (!hash) throw new Error('long track not found');
  return hash;
}

async function serverPosition(page: Page, token: string, track: string) {
  const res = await page.request.get(`/api/listening/positions?tracks=${track}`, { headers: bearer(token) });
  const { positions } = (await res.json()) as {
    positions: { position: number; device: string; updatedAt: number }[];
  };
  return positions[0] ?? null;
}

test('a paused desktop tab closed after the phone moved on changes nothing; a third device resumes where the phone stopped', async ({
  browser,
}) => {
  const desk = await browser.newContext();
  const phone = await browser.newContext(PHONE);
  const third = await browser.newContext();
  const token = await register(desk.request, freshName('merge'));
  const a = await device(desk, token);
  await playLongTrack(a);
  const pausedA = await seekOnAndPause(a, 0.5);
  const hash = await longTrackHash(a);
  await expect.poll(async () => (await serverPosition(a, token, hash))?.position).toBeGreaterThanOrEqual(30);

  // The phone resumes where the desktop paused, moves on 30 s and pauses.
  const b = await device(phone, token);
  await playLongTrack(b);
  const pausedB = await seekOnAndPause(b, pausedA - 5);
  expect(pausedB).toBeGreaterThanOrEqual(60);
  await expect
    .poll(async () => (await serverPosition(b, token, hash))?.position)
    .toBeGreaterThanOrEqual(pausedB - 1);
  const queueOf = async () =>
    (await (await b.request.get('/api/listening/queue', { headers: bearer(token) })).json()).queue as {
      position: number;
      deviceId: string;
    };
  await expect.poll(async () => (await queueOf())?.position).toBeGreaterThanOrEqual(pausedB - 1);
  const phoneId = (await queueOf())?.deviceId;
  const phoneDevice = (await serverPosition(b, token, hash))?.device;
  expect(phoneDevice).toContain('Android');

  // The desktop tab, idle since its pause, is hidden and then closed.
  await a.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await a.close({ runBeforeUnload: true });
  // A moment for a beacon that should not have gone.
  await new Promise((r) => setTimeout(r, 1500));
  const kept = await serverPosition(b, token, hash);
  expect(kept?.position).toBeGreaterThanOrEqual(pausedB - 1);
  expect(kept?.device).toBe(phoneDevice);
  expect((await queueOf())?.deviceId).toBe(phoneId);
  expect((await queueOf())?.position).toBeGreaterThanOrEqual(pausedB - 1);

  // A third device: "Continue listening" and the track itself resume where the phone stopped.
  const c = await device(third, token);
  const cont = await c.request.get('/api/listening/continue', { headers: bearer(token) });
  const [item] = (await cont.json()).items as { position: number }[];
  expect(item?.position).toBeGreaterThanOrEqual(pausedB - 1);
  await playLongTrack(c);
  await expect.poll(() => audioTime(c), { timeout: 20_000 }).toBeGreaterThanOrEqual(pausedB - 1);
  await desk.close();
  await phone.close();
  await third.close();
});

test('signing in from an anonymous tab paused earlier keeps the account’s later position', async ({
  browser,
}) => {
  const anon = await browser.newContext();
  const token = await register(anon.request, freshName('anon'));
  const a = await device(anon, null);
  await playLongTrack(a);
  const pausedA = await seekOnAndPause(a, 0.5);
  expect(pausedA).toBeGreaterThanOrEqual(30);
  const hash = await longTrackHash(a);
  // Later, the account reached 0:12 on a phone.
  const put = await a.request.put('/api/listening/positions', {
    headers: bearer(token),
    data: { positions: [{ track: hash, position: 12, at: Date.now() }], device: 'Chrome · Android' },
  });
  expect(put.status()).toBe(200);
  const phoneAt = (await serverPosition(a, token, hash))?.updatedAt ?? 0;
  // The anonymous tab signs in (the token, then a reload: the page is hidden and shown again).
  await a.evaluate((t) => localStorage.setItem('jwt-token', t), token);
  await a.reload();
  await expect(a.getByTestId('player-bar')).toBeVisible({ timeout: 30_000 });
  // The sign-in merge has run once the account's queue was looked at; then nothing changed.
  await new Promise((r) => setTimeout(r, 3000));
  const kept = await serverPosition(a, token, hash);
  expect(kept).toMatchObject({ position: 12, device: 'Chrome · Android', updatedAt: phoneAt });
  await anon.close();
});

test('history off, play, history on, reload: the history stays empty', async ({ browser }) => {
  const desk = await browser.newContext();
  const token = await register(desk.request, freshName('hoff'));
  const a = await device(desk, token);
  const history = async () =>
    (
      (await (await a.request.get('/api/listening/history', { headers: bearer(token) })).json())
        .works as unknown[]
    ).length;
  await a.goto('/history');
  await a.getByTestId('history-record').click();
  await expect(a.getByTestId('history-paused')).toBeVisible();
  await playLongTrack(a);
  await seekOnAndPause(a, 0.5);
  const hash = await longTrackHash(a);
  // The position is kept for resuming; no history.
  await expect.poll(async () => (await serverPosition(a, token, hash))?.position).toBeGreaterThanOrEqual(30);
  expect(await history()).toBe(0);
  await a.goto('/history');
  await a.getByTestId('history-record').click();
  await expect(a.getByTestId('history-paused')).toHaveCount(0);
  expect(await history()).toBe(0);
  await a.reload();
  await expect(a.getByTestId('history-page')).toBeVisible();
  await a.goto('/works');
  await new Promise((r) => setTimeout(r, 1500));
  expect(await history()).toBe(0);
  await expect(a.getByTestId('continue-row')).toHaveCount(0);
  await desk.close();
});
