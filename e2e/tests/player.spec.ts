/// <reference lib="dom" />
/**
 * The player on the demo library, in Chromium: playing from the file tree, next/previous, the
 * lyrics bar and the lyrics dialog against the subtitle files themselves, the sleep timer and
 * the anti burn-in overlay.
 */

import { expect, type Page, test } from '@playwright/test';
import { type Cue, parseSubtitle, type TrackFile, type TrackNode } from '@sasayaki/contract';

/** Three short .wav tracks with .lrc lyrics. */
const SHORT_WORK = { path: '/work/RJ123456', id: 123456 };
/** A 75-second .mp3 track with .lrc lyrics (a line every 2 s), then a 4-second one. */
const LONG_WORK = { path: '/work/RJ01100001', id: 1100001 };

interface AudioState {
  time: number;
  paused: boolean;
  src: string;
}

const audio = (page: Page): Promise<AudioState> =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
    return a
      ? { time: a.currentTime, paused: a.paused, src: a.currentSrc }
      : { time: -1, paused: true, src: '' };
  });

async function playFromTree(page: Page, work: { path: string }, title: string): Promise<void> {
  await page.goto(work.path);
  const item = page.getByTestId('tree-audio').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('player-bar')).toBeVisible();
}

/** The cues of a track's first lyric, read from the file the server serves. */
async function cuesOf(page: Page, workId: number, trackTitle: string): Promise<Cue[]> {
  const tree = (await (await page.request.get(`/api/tracks/${workId}?v=1`)).json()) as TrackNode[];
  const files = (function flat(nodes: TrackNode[]): TrackFile[] {
    return nodes.flatMap((n) => (n.type === 'folder' ? flat(n.children) : [n]));
  })(tree);
  const track = files.find((f) => f.title.startsWith(trackTitle) && f.type === 'audio');
  const lyric = track?.availableLyrics?.[0];
  if (!lyric) throw new Error(`no lyric for ${trackTitle}`);
  const text = await (await page.request.get(lyric.mediaDownloadUrl)).text();
  return parseSubtitle(text, lyric.title);
}

const dueAt = (cues: Cue[], t: number): Cue | undefined => cues.filter((c) => c.start <= t).at(-1);

test('clicking a track plays it: currentTime advances and the bar shows the play state', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  await expect(page.getByTestId('player-title')).toHaveText(/^01 はじめに/);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0.5);
  const state = await audio(page);
  expect(state.paused).toBe(false);
  expect(state.src).toContain('/api/media/stream/');

  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  expect((await audio(page)).paused).toBe(true);
});

test('next and previous move through the folder queue within its bounds', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  const previous = page.getByTestId('player-previous').first();
  const next = page.getByTestId('player-next').first();
  await expect(previous).toBeDisabled();
  const first = (await audio(page)).src;

  await next.click();
  await expect(page.getByTestId('player-title')).toHaveText(/^02 耳かき/);
  await expect.poll(async () => (await audio(page)).src).not.toBe(first);
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0.2);

  await next.click();
  await expect(page.getByTestId('player-title')).toHaveText(/^03 ささやき/);
  await expect(next).toBeDisabled();

  await previous.click();
  await previous.click();
  await expect(page.getByTestId('player-title')).toHaveText(/^01 はじめに/);
  await expect.poll(async () => (await audio(page)).src).toBe(first);
});

test('the lyrics bar shows the line due at the current time', async ({ page }) => {
  const cues = await cuesOf(page, LONG_WORK.id, '01 はじめに');
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(3);
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  const { time } = await audio(page);
  const due = dueAt(cues, time);
  expect(due).toBeDefined();
  await expect(page.getByTestId('lyrics-bar-line')).toHaveText((due as Cue).text);
});

test('clicking a line in the lyrics dialog seeks there and highlights it', async ({ page }) => {
  const cues = await cuesOf(page, LONG_WORK.id, '01 はじめに');
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await page.getByTestId('player-lyrics-button').first().click();
  const dialog = page.getByTestId('lyrics-dialog');
  await expect(dialog.getByTestId('lyrics-in-use')).toBeVisible();
  const lines = dialog.getByTestId('lyrics-line');
  await expect(lines).toHaveCount(cues.length);

  const target = 20;
  await lines.nth(target).click();
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThanOrEqual((cues[target] as Cue).start);
  // pause inside the dialog, then the highlight and the bar must agree with the file at that time
  await dialog.getByTestId('player-play-pause').click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  const { time } = await audio(page);
  expect(time).toBeLessThan((cues[target] as Cue).start + 10);
  const due = cues.indexOf(dueAt(cues, time) as Cue);
  expect(due).toBeGreaterThanOrEqual(target);
  await expect(lines.nth(due)).toHaveAttribute('data-current', 'true');
  await expect(dialog.locator('[data-testid="lyrics-line"][data-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId('lyrics-bar-line')).toHaveText((cues[due] as Cue).text);
});

test('scrolling the lyrics stops following; clicking a line resumes it', async ({ page }) => {
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await page.getByTestId('player-lyrics-button').first().click();
  const list = page.getByTestId('lyrics-lines');
  await expect(list).toHaveAttribute('data-following', 'true');
  await list.hover();
  await page.mouse.wheel(0, 300);
  await expect(list).toHaveAttribute('data-following', 'false');
  await page.getByTestId('lyrics-line').nth(3).click();
  await expect(list).toHaveAttribute('data-following', 'true');
});

test('the sleep timer stops playback at the chosen time', async ({ page }) => {
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0.3);
  await page.getByTestId('player-sleep-button').first().click();
  // a time of day a few seconds ahead, in the browser's own clock
  const at = await page.evaluate(() => {
    const d = new Date(Date.now() + 4000);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  });
  await page.getByTestId('sleep-time-input').fill(at);
  await page.getByTestId('sleep-set').click();
  await expect(page.getByText(`Stop playing at ${at}`)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('sleepMode'))).toBe('true');
  expect((await audio(page)).paused).toBe(false);

  await expect(page.getByText('The sleep timer stopped playback.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  const state = await audio(page);
  expect(state.paused).toBe(true);
  expect(state.time).toBeLessThan(70);
  expect(await page.evaluate(() => sessionStorage.getItem('sleepMode'))).toBe('false');
});

test('the sleep timer survives a reload of the page', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  await page.getByTestId('player-sleep-button').first().click();
  await page.getByRole('button', { name: '+30 min' }).click();
  await page.getByTestId('sleep-set').click();
  const stored = await page.evaluate(() => Number(sessionStorage.getItem('sleepTime')));
  expect(stored).toBeGreaterThan(Date.now() + 29 * 60_000);

  await page.reload();
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  await page.getByTestId('player-sleep-button').first().click();
  await expect(page.getByTestId('sleep-clear')).toBeEnabled();
  await page.getByTestId('sleep-clear').click();
  expect(await page.evaluate(() => sessionStorage.getItem('sleepMode'))).toBe('false');
});

test('the anti burn-in overlay appears after idling while playing and hides on activity', async ({
  page,
}) => {
  // the idle time is shortened through the setting, as a user could
  await page.addInitScript(() => {
    const key = 'sasayaki-settings';
    const current = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(
      key,
      JSON.stringify({
        ...current,
        keepScreenOn: true,
        enableAntiScreenBurnin: true,
        antiBurnInIdleSeconds: 2,
      }),
    );
  });
  await playFromTree(page, LONG_WORK, '01 はじめに');
  const overlay = page.getByTestId('anti-burn-in');
  await expect(overlay).toBeVisible({ timeout: 15_000 });
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await expect(overlay).toBeHidden();

  // paused: no overlay however long the page idles
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  await page.waitForTimeout(3000);
  await expect(overlay).toBeHidden();
});

test('in the pip display mode the current line moves to a floating window and back', async ({ page }) => {
  await page.addInitScript(() => {
    const key = 'sasayaki-settings';
    const current = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...current, subtitleDisplayMode: 'pip' }));
  });
  const cues = await cuesOf(page, LONG_WORK.id, '01 はじめに');
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await expect(page.getByTestId('lyrics-bar-line')).not.toHaveText(/^\s*$/);
  await page.getByRole('button', { name: 'Floating lyrics' }).click();
  const pipText = () =>
    page.evaluate(
      () =>
        (window as Window & { documentPictureInPicture?: { window: Window | null } }).documentPictureInPicture
          ?.window?.document.body.innerText ?? null,
    );
  await expect.poll(pipText).not.toBeNull();
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  const { time } = await audio(page);
  await expect.poll(pipText).toBe(dueAt(cues, time)?.text);
  await expect(page.getByTestId('lyrics-bar-line')).toHaveText(/^\s*$/);

  await page.getByRole('button', { name: 'Floating lyrics' }).click();
  await expect.poll(pipText).toBeNull();
  await expect(page.getByTestId('lyrics-bar-line')).toHaveText((dueAt(cues, time) as Cue).text);
});
