/// <reference lib="dom" />
/**
 * The listener's continuity across devices (docs/player.md, "Listening state"): two browser
 * contexts signed in to one account stand for two devices. A track played to 60 s on one resumes
 * at 55 s or later on the other; a page that closes sends its position in a beacon; the other
 * device offers "continue from …" and changes nothing until asked; history and bookmarks.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bearer, freshName, register, useToken } from './helpers/accounts.ts';

// Two devices, real playback and page loads on a shared machine: more than the default minute.
test.setTimeout(120_000);

/** A 75-second .mp3 track, then a 4-second one (demo library). */
const LONG_WORK = { path: '/work/RJ01100001', id: 1100001, title: '01 はじめに' };

const audioTime = (page: Page): Promise<number> =>
  page.evaluate(
    () => document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]')?.currentTime ?? -1,
  );

async function device(context: BrowserContext, token: string): Promise<Page> {
  const page = await context.newPage();
  await useToken(page, token);
  return page;
}

async function playFromTree(page: Page, title: string): Promise<void> {
  await page.goto(LONG_WORK.path);
  const item = page.getByTestId('tree-audio').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
}

/** Plays the long track to 60 s on this device, then pauses (Shift+→ seeks 30 s). */
async function playTo60(page: Page): Promise<void> {
  await playFromTree(page, LONG_WORK.title);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(0.5);
  await page.locator('body').press('Shift+ArrowRight');
  await page.locator('body').press('Shift+ArrowRight');
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
}

async function serverPosition(page: Page, token: string, track: string): Promise<number | null> {
  const res = await page.request.get(`/api/listening/positions?tracks=${track}`, { headers: bearer(token) });
  const { positions } = (await res.json()) as { positions: { position: number }[] };
  return positions[0]?.position ?? null;
}

async function longTrackHash(page: Page): Promise<string> {
  const tree = (await (await page.request.get(`/api/tracks/${LONG_WORK.id}?v=1`)).json()) as {
    hash?: string;
    type: string;
    title: string;
    children?: unknown[];
  }[];
  const flat = (nodes: typeof tree): typeof tree =>
    nodes.flatMap((n) => (n.children ? flat(n.children as typeof tree) : [n]));
  const hash = flat(tree).find((n) => n.type === 'audio' && n.title.startsWith(LONG_WORK.title))?.hash;
  if (!hash) throw new Error('long track not found');
  return hash;
}

test('a track played to 60 s on one device resumes at 55 s or later on the other', async ({ browser }) => {
  const desk = await browser.newContext();
  const phone = await browser.newContext();
  const token = await register(desk.request, freshName('two'));
  const a = await device(desk, token);
  await playTo60(a);
  const hash = await longTrackHash(a);
  await expect.poll(() => serverPosition(a, token, hash)).toBeGreaterThanOrEqual(59);

  const b = await device(phone, token);
  await playFromTree(b, LONG_WORK.title);
  await expect.poll(() => audioTime(b), { timeout: 20_000 }).toBeGreaterThanOrEqual(55);
  await desk.close();
  await phone.close();
});

test('another device offers to continue its queue and changes nothing until asked', async ({ browser }) => {
  const desk = await browser.newContext();
  const phone = await browser.newContext();
  const token = await register(desk.request, freshName('offer'));
  const a = await device(desk, token);
  await playTo60(a);
  // The queue is saved with the pause.
  await expect
    .poll(
      async () =>
        (await (await a.request.get('/api/listening/queue', { headers: bearer(token) })).json()).queue,
    )
    .not.toBeNull();

  const b = await device(phone, token);
  await b.goto('/works');
  const offer = b.getByTestId('continue-offer');
  // The player (and with it the account's state) loads once the page is idle.
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toContainText('Chrome');
  await expect(offer).toContainText(LONG_WORK.title);
  // Nothing plays on its own.
  await expect(b.getByTestId('player-bar')).toHaveCount(0);
  await b.getByTestId('continue-offer-accept').click();
  await expect(b.getByTestId('player-title')).toHaveText(new RegExp(`^${LONG_WORK.title}`));
  await expect.poll(() => audioTime(b), { timeout: 20_000 }).toBeGreaterThanOrEqual(55);
  await expect(offer).toHaveCount(0);
  await desk.close();
  await phone.close();
});

test('a page that closes while playing sends its position in a beacon', async ({ browser }) => {
  const desk = await browser.newContext();
  const token = await register(desk.request, freshName('beacon'));
  const a = await device(desk, token);
  const check = await desk.newPage();
  const hash = await longTrackHash(check);
  await playFromTree(a, LONG_WORK.title);
  // The first save while playing comes at once; the next only 10 s later.
  await expect.poll(() => serverPosition(check, token, hash)).not.toBeNull();
  await a.locator('body').press('Shift+ArrowRight');
  await expect.poll(() => audioTime(a), { timeout: 20_000 }).toBeGreaterThanOrEqual(31);
  expect(await serverPosition(check, token, hash)).toBeLessThan(10);
  await a.close({ runBeforeUnload: true });
  await expect.poll(() => serverPosition(check, token, hash), { timeout: 10_000 }).toBeGreaterThanOrEqual(30);
  await desk.close();
});

test('history lists what was played, how far; recording can be paused; entries can be cleared', async ({
  browser,
}) => {
  const desk = await browser.newContext();
  const token = await register(desk.request, freshName('hist'));
  const a = await device(desk, token);
  await playTo60(a);
  // Saved with the pause (leaving the page first would leave it to the beacon).
  const hash = await longTrackHash(a);
  await expect.poll(() => serverPosition(a, token, hash)).toBeGreaterThanOrEqual(59);

  await a.goto('/works');
  const row = a.getByTestId('continue-row');
  await expect(row.getByTestId('continue-item')).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText(LONG_WORK.title);

  await a.getByTestId('menu-button').click();
  await a.getByTestId('side-drawer').getByText('History').click();
  await expect(a).toHaveURL(/\/history$/);
  const work = a.getByTestId('history-work');
  await expect(work).toHaveCount(1);
  await expect(work.getByTestId('history-track')).toHaveCount(1);
  await expect(work.getByTestId('history-how-far')).toHaveText(/^1:0\d \/ 1:15$/);

  // Paused: another track played is not added.
  await a.getByTestId('history-record').click();
  await expect(a.getByTestId('history-paused')).toBeVisible();
  await playFromTree(a, '02');
  await expect.poll(() => audioTime(a)).toBeGreaterThan(1);
  await a.getByTestId('player-play-pause').first().click();
  await a.goto('/history');
  await expect(a.getByTestId('history-track')).toHaveCount(1);
  await a.getByTestId('history-record').click();
  await expect(a.getByTestId('history-paused')).toHaveCount(0);

  // Clear all, confirmed.
  await a.getByTestId('history-clear-all').click();
  await a.getByTestId('history-clear-all-confirm').click();
  await expect(a.getByTestId('history-work')).toHaveCount(0);
  await expect(a.getByTestId('empty-state')).toBeVisible();
  await a.goto('/works');
  await expect(a.getByTestId('works-grid').or(a.getByTestId('empty-state')).first()).toBeVisible();
  await expect(a.getByTestId('continue-row')).toHaveCount(0);
  await desk.close();
});

test('a bookmark is added at the current time, listed, marked on the seek bar and jumped to', async ({
  browser,
}) => {
  const desk = await browser.newContext();
  const token = await register(desk.request, freshName('mark'));
  const a = await device(desk, token);
  await playTo60(a);

  await a.getByTestId('player-expand').click();
  const full = a.getByTestId('full-player');
  await full.getByTestId('bookmark-add').click();
  await a.getByTestId('bookmark-note').fill('the rain starts');
  await a.getByTestId('bookmark-save').click();
  const item = full.getByTestId('bookmark-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('the rain starts');
  await expect(item).toContainText(/1:0\d/);
  await expect(full.locator('[data-testid="player-seek"] .MuiSlider-mark')).toHaveCount(1);

  // Jump from the full player: seek back to the bookmark after moving away.
  await full.getByTestId('player-seek').locator('input').focus();
  await a.keyboard.press('Home');
  await expect.poll(() => audioTime(a)).toBeLessThan(5);
  await item.click();
  await expect.poll(() => audioTime(a)).toBeGreaterThanOrEqual(59);
  await full.getByTestId('full-player-close').click();

  // The work page lists it; a click there plays the track from it.
  await a.goto(LONG_WORK.path);
  const listed = a.getByTestId('work-bookmarks').getByTestId('bookmark-item');
  await expect(listed).toContainText('the rain starts');
  await expect(listed).toContainText(LONG_WORK.title);
  await a.getByTestId('tree-audio').filter({ hasText: '02' }).click();
  await expect(a.getByTestId('player-title')).toHaveText(/^02/);
  await listed.click();
  await expect(a.getByTestId('player-title')).toHaveText(new RegExp(`^${LONG_WORK.title}`));
  await expect.poll(() => audioTime(a), { timeout: 20_000 }).toBeGreaterThanOrEqual(59);
  await desk.close();
});
