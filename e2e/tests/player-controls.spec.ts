/// <reference lib="dom" />
/**
 * The rest of the player in Chromium on the demo library: automatic advance, play modes, the
 * volume confirmation, the queue view, the offset controls, a local subtitle file, both full
 * player styles, Media Session metadata and resuming a long track.
 */
import { expect, type Page, test } from '@playwright/test';

const SHORT_WORK = '/work/RJ123456';
const LONG_WORK = '/work/RJ01100001';

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
    return a ? { time: a.currentTime, paused: a.paused, src: a.currentSrc, volume: a.volume } : null;
  });

async function playFromTree(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  const item = page.getByTestId('tree-audio').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('player-bar')).toBeVisible();
}

test('a track that ends starts the next one by itself, and the Media Session follows', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '02 耳かき');
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toMatch(/^02 耳かき/);
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.album)).toBe(
    '【耳かき】はじめての耳かき屋さん',
  );
  await expect(page.getByTestId('player-title')).toHaveText(/^03 ささやき/, { timeout: 20_000 });
  await expect.poll(async () => (await audio(page))?.time ?? 0).toBeGreaterThan(0.2);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
    .toMatch(/^03 ささやき/);
  // in order mode the last track ends the playback
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false', { timeout: 20_000 });
  await expect(page.getByTestId('player-title')).toHaveText(/^03 ささやき/);
});

test('the play mode cycles order → all repeat → repeat once → shuffle → order', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  const mode = page.getByTestId('player-mode').first();
  const seen: (string | null)[] = [await mode.getAttribute('data-mode')];
  for (let i = 0; i < 4; i++) {
    await mode.click();
    seen.push(await mode.getAttribute('data-mode'));
  }
  expect(seen).toEqual(['order', 'allRepeat', 'repeatOnce', 'shuffle', 'order']);
});

test('a volume above 100 % needs the hearing-damage confirmation', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  const slider = page.getByTestId('player-volume').first().locator('input');
  await slider.focus();
  await page.keyboard.press('End');
  const dialog = page.getByTestId('volume-boost-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(slider).toHaveAttribute('aria-valuenow', '1');

  await slider.focus();
  await page.keyboard.press('End');
  await dialog.getByRole('button', { name: /Raise the volume/ }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
  // the element stays at its maximum; the rest is Web Audio gain
  expect((await audio(page))?.volume).toBe(1);
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
});

test('the queue view reorders and removes tracks by the queue rules', async ({ page }) => {
  await playFromTree(page, SHORT_WORK, '01 はじめに');
  await page.getByTestId('player-queue-button').first().click();
  const items = page.getByTestId('queue-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveAttribute('data-current', 'true');

  await items.nth(0).getByRole('button', { name: 'Move down' }).click();
  await expect(items.nth(0)).toContainText('02 耳かき');
  await expect(items.nth(1)).toContainText('01 はじめに');
  await expect(items.nth(1)).toHaveAttribute('data-current', 'true');

  // removing an earlier track keeps the current one playing
  await items.nth(0).getByRole('button', { name: 'Remove from the queue' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('player-title')).toHaveText(/^01 はじめに/);

  // removing the current track pauses and goes back to the first entry
  await items.nth(0).getByRole('button', { name: 'Remove from the queue' }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  await expect(page.getByTestId('player-title')).toHaveText(/^03 ささやき/);
  expect((await audio(page))?.paused).toBe(true);

  await items.nth(0).click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
});

test('the offset buttons move every line by 0.3 s and reset', async ({ page }) => {
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await page.getByTestId('player-lyrics-button').first().click();
  const dialog = page.getByTestId('lyrics-dialog');
  const offset = dialog.getByTestId('lyrics-offset');
  await expect(offset).toHaveValue('0');
  const plus = dialog.getByRole('button', { name: '+0.3 s' });
  const minus = dialog.getByRole('button', { name: '−0.3 s' });
  await plus.click();
  await plus.click();
  await plus.click();
  await minus.click();
  await expect(offset).toHaveValue('0.6');
  await offset.fill('1.2');
  await offset.press('Enter');
  await expect(offset).toHaveValue('1.2');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(offset).toHaveValue('0');
});

test('a subtitle file from the device goes first with 100 % and is used at once', async ({ page }) => {
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await page.getByTestId('player-lyrics-button').first().click();
  const dialog = page.getByTestId('lyrics-dialog');
  await expect(dialog.getByTestId('lyrics-line').first()).toBeVisible();
  const srt = '\uFEFF1\r\n00:00:00,000 --> 00:10:00,000\r\nこれは手元の字幕です\r\n';
  await dialog.getByTestId('lyrics-local-file').setInputFiles({
    name: 'mine.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(srt, 'utf8'),
  });
  await expect(dialog.getByTestId('lyrics-line')).toHaveCount(1);
  await expect(dialog.getByTestId('lyrics-line').first()).toContainText('これは手元の字幕です');
  await expect(dialog.getByText('100% match')).toBeVisible();
  await expect(dialog.getByTestId('lyrics-in-use')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('lyrics-bar-line')).toHaveText('これは手元の字幕です');
});

for (const style of ['new', 'classic'] as const) {
  test(`the full player opens in the ${style} style`, async ({ page }) => {
    await page.addInitScript((s) => {
      const current = JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}');
      localStorage.setItem('sasayaki-settings', JSON.stringify({ ...current, playerStyle: s }));
    }, style);
    await playFromTree(page, LONG_WORK, '01 はじめに');
    await page.getByTestId('player-title').click();
    const full = page.getByTestId('full-player');
    await expect(full).toHaveAttribute('data-style', style);
    await expect(full.getByTestId('full-player-title')).toHaveText(/^01 はじめに/);
    await expect(full.getByTestId('full-player-lyrics')).not.toBeEmpty();
    await full.getByTestId('player-play-pause').click();
    await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
    await full.getByTestId('full-player-close').click();
    await expect(full).toBeHidden();
  });
}

test('a long track resumes where it stopped after a reload', async ({ page }) => {
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await page.getByTestId('player-lyrics-button').first().click();
  await page.getByTestId('lyrics-line').nth(20).click();
  await expect.poll(async () => (await audio(page))?.time ?? 0).toBeGreaterThan(40);
  await page.getByTestId('lyrics-dialog').getByTestId('player-play-pause').click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  const stoppedAt = (await audio(page))?.time ?? 0;

  await page.reload();
  await playFromTree(page, LONG_WORK, '01 はじめに');
  await expect.poll(async () => (await audio(page))?.time ?? 0).toBeGreaterThan(Math.floor(stoppedAt) - 1);
});

test('the file tree menu previews subtitles, adds to the queue and plays next', async ({ page }) => {
  // subtitle preview is offered when subtitles are enabled (the default only in Chinese)
  await page.addInitScript(() => {
    const current = JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}');
    localStorage.setItem('sasayaki-settings', JSON.stringify({ ...current, enableSubtitle: true }));
  });
  await page.goto(SHORT_WORK);
  const menuOf = (title: string) => page.getByRole('button', { name: `More actions: ${title}` });
  await expect(menuOf('03 ささやき.wav')).toBeVisible({ timeout: 20_000 });

  // preview without playing: lines are shown but cannot seek
  await menuOf('03 ささやき.wav').click();
  await page.getByRole('menuitem', { name: 'Subtitle preview' }).click();
  const dialog = page.getByTestId('lyrics-dialog');
  await expect(dialog.getByTestId('lyrics-line').first()).toBeDisabled();
  await expect(dialog.getByText('Play this track to seek from its lines.')).toBeVisible();
  await expect(page.getByTestId('player-bar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await menuOf('03 ささやき.wav').click();
  await page.getByRole('menuitem', { name: 'Add to queue' }).click();
  await expect(page.getByTestId('player-title')).toHaveText(/^03 ささやき/);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');

  await menuOf('01 はじめに.wav').click();
  await page.getByRole('menuitem', { name: 'Play next' }).click();
  await page.getByTestId('player-queue-button').first().click();
  const items = page.getByTestId('queue-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('03 ささやき');
  await expect(items.nth(1)).toContainText('01 はじめに');
});
