/// <reference lib="dom" />
/**
 * The lyrics dialog's local file button: only text subtitle files are taken (an archive or a
 * binary file gets its error, never a lyric), long lines wrap inside the dialog, and with the
 * lyrics bar on screen the go-to-top button sits above it.
 */
import { expect, type Page, test } from '@playwright/test';
import type { TrackFile, TrackNode, WorkList } from '@sasayaki/contract';
import { zipSync } from 'fflate';
import { stripAudioExt } from './helpers/subtitles.ts';

const LONG = `${'とても長い行'.repeat(40)}${'x'.repeat(300)}`;

/** A demo work with an audio track that has a subtitle file of its own (the lyrics button needs one). */
async function trackWithLyrics(page: Page): Promise<{ workId: number; title: string }> {
  const list = (await (await page.request.get('/api/works?subtitle=1&pageSize=100')).json()) as WorkList;
  for (const w of list.works) {
    const tree = (await (await page.request.get(`/api/tracks/${w.id}?v=1`)).json()) as TrackNode[];
    const files = (function flat(nodes: TrackNode[]): TrackFile[] {
      return nodes.flatMap((n) => (n.type === 'folder' ? flat(n.children) : [n]));
    })(tree);
    const track = files.find((f) => f.type === 'audio' && (f.availableLyrics ?? []).length > 0);
    if (track) return { workId: w.id, title: stripAudioExt(track.title) };
  }
  throw new Error('the demo library has no track with a subtitle file');
}

async function openDialogOnPlayingTrack(page: Page) {
  const { workId, title } = await trackWithLyrics(page);
  await page.goto(`/work/${workId}`);
  await page.getByTestId('tree-audio').filter({ hasText: title }).first().click();
  await expect(page.getByTestId('player-bar')).toBeVisible();
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  await page.getByTestId('player-lyrics-button').first().click();
  const dialog = page.getByTestId('lyrics-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

const pick = (page: Page, name: string, buffer: Buffer) =>
  page.getByTestId('lyrics-local-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });

test('the local file button refuses archives, binary and untimed files with a clear error', async ({
  page,
}) => {
  const dialog = await openDialogOnPlayingTrack(page);
  const error = dialog.getByTestId('lyrics-local-error');

  const zip = Buffer.from(zipSync({ '01.lrc': new TextEncoder().encode('[00:01.00]line\n') }));
  await pick(page, 'subs.zip', zip);
  await expect(error).toHaveAttribute('data-reason', 'extension');
  await expect(error).toContainText('Only .lrc, .vtt, .srt and .ass');

  await pick(page, 'renamed.lrc', zip);
  await expect(error).toHaveAttribute('data-reason', 'binary');
  await expect(error).toContainText('renamed.lrc is not a text subtitle file');

  await pick(page, 'words.srt', Buffer.from('no times here\n'));
  await expect(error).toHaveAttribute('data-reason', 'noLines');

  // Nothing was added: the lyric shown is still the track's own, no refused file became one.
  const chosen = dialog.locator('.MuiSelect-select');
  await expect(chosen).not.toContainText(/subs\.zip|renamed\.lrc|words\.srt/);
  await chosen.click();
  await expect(page.getByTestId('lyrics-option')).not.toHaveCount(0);
  await expect(
    page.getByTestId('lyrics-option').filter({ hasText: /subs\.zip|renamed\.lrc|words\.srt/ }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A real file clears the error and is used.
  await pick(page, 'mine.lrc', Buffer.from('[00:00.00]自分の字幕\n[00:01.00]二行目\n'));
  await expect(error).toHaveCount(0);
  await expect(dialog.getByTestId('lyrics-line').first()).toHaveText(/自分の字幕/);
  await expect(chosen).toContainText('mine.lrc');
});

test('long lines wrap inside the dialog, and go-to-top sits above the lyrics bar', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1000, height: 700 });
  const dialog = await openDialogOnPlayingTrack(page);
  await pick(page, 'long.lrc', Buffer.from(`[00:00.00]${LONG}\n[00:01.00]short\n`));
  const line = dialog.getByTestId('lyrics-line').first();
  await expect(line).toContainText('とても長い行');
  const sizes = await dialog.getByTestId('lyrics-lines').evaluate((el) => {
    const paper = el.closest('.MuiDialog-paper') as HTMLElement;
    const first = el.querySelector('[data-testid="lyrics-line"]') as HTMLElement;
    return {
      listScroll: el.scrollWidth,
      listClient: el.clientWidth,
      paperScroll: paper.scrollWidth,
      paperClient: paper.clientWidth,
      lineRight: first.getBoundingClientRect().right,
      paperRight: paper.getBoundingClientRect().right,
      lineHeight: first.getBoundingClientRect().height,
    };
  });
  expect(sizes.listScroll).toBeLessThanOrEqual(sizes.listClient);
  expect(sizes.paperScroll).toBeLessThanOrEqual(sizes.paperClient);
  expect(sizes.lineRight).toBeLessThanOrEqual(sizes.paperRight);
  expect(sizes.lineHeight).toBeGreaterThan(60); // several rows, not one clipped row
  await page.screenshot({ path: test.info().outputPath('long-line.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The lyrics bar is shown (the track's lyric is in use); scroll until go-to-top appears.
  const bar = page.getByTestId('lyrics-bar');
  await expect(bar).toBeVisible();
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 1500);
  });
  // The bar wraps the long line too, within the window.
  const barWidths = await bar.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(barWidths.scroll).toBeLessThanOrEqual(barWidths.client);
  const goTop = page.getByTestId('go-top');
  await expect(goTop).toBeVisible();
  // Measured once its zoom-in and move have ended.
  await goTop.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const b = await bar.boundingBox();
  const g = await goTop.boundingBox();
  expect(b && g ? b.y - (g.y + g.height) : -1).toBeGreaterThanOrEqual(8);
  await page.screenshot({ path: test.info().outputPath('go-top.png') });
});
