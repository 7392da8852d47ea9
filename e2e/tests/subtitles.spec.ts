/// <reference lib="dom" />
/**
 * Local subtitle archives in Chromium against the demo library: import from the settings and by
 * dropping on the page, progress and the package list, the archive's subtitle chosen for a work
 * whose folder has none, the 'subtitle only' list, deletion, and the refusals (duplicate, corrupt,
 * not a zip).
 */
import { expect, type Page, test } from '@playwright/test';
import {
  audioTracks,
  importFromSettings,
  stripAudioExt,
  subtitleArchive,
  WORK,
} from './helpers/subtitles.ts';

/** Records every progress text the section shows, so a fast import can still be checked. */
async function watchProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenProgress: string[] }).seenProgress = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="subtitle-import-progress"]');
      if (el?.textContent) seen.push(`${el.getAttribute('data-phase')}|${el.textContent}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress);
}

test('an imported archive gives a work without subtitle files its subtitles, in the lists too', async ({
  page,
}) => {
  test.slow(); // imports 1,500 files, plays a track and loads several pages on a shared machine
  await page.goto('/settings');
  const section = page.getByTestId('subtitle-section');
  await expect(section).toBeVisible();
  await expect(section.getByTestId('subtitle-packages').getByTestId('subtitle-package')).toHaveCount(0);
  const seenProgress = await watchProgress(page);

  await importFromSettings(page, 'fan-subs.zip', await subtitleArchive(page));
  await expect(section.getByTestId('subtitle-import-result')).toContainText('fan-subs.zip', {
    timeout: 30_000,
  });
  const progress = await seenProgress();
  expect(progress.some((p) => /^processing\|.*\d+ \/ \d+ files/.test(p))).toBe(true);
  const counts = progress.map((p) => /(\d+) \/ (\d+) files/.exec(p)).filter((m) => m !== null);
  expect(counts.some((m) => Number(m[1]) < Number(m[2]))).toBe(true);

  const tracks = await audioTracks(page);
  const item = section.getByTestId('subtitle-package');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('fan-subs.zip');
  await expect(item).toContainText(`Files ${tracks.length + 1500}`);
  await expect(item).toContainText('Works 2');
  await expect(section.getByTestId('subtitle-storage')).toContainText('Storage used');

  // The work's folder has no subtitles: the archive's one is matched and chosen.
  expect(tracks.every((t) => (t.availableLyrics ?? []).length === 0)).toBe(true);
  await page.goto(`/work/${WORK.code}`);
  const first = page.getByTestId('tree-audio').filter({ hasText: stripAudioExt(tracks[0]?.title ?? '') });
  await first.click();
  await expect(page.getByTestId('lyrics-bar-line')).toHaveText(/ローカル字幕 \d-[AB]/);
  await page.getByTestId('player-play-pause').first().click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'false');
  await page.getByTestId('player-lyrics-button').first().click();
  const dialog = page.getByTestId('lyrics-dialog');
  await expect(dialog.getByTestId('lyrics-in-use')).toBeVisible();
  await expect(dialog.getByTestId('lyrics-local').first()).toBeVisible();
  const chosen = await dialog
    .getByText(/\d+% match/)
    .first()
    .textContent();
  expect(Number(/(\d+)%/.exec(chosen ?? '')?.[1])).toBeGreaterThanOrEqual(80);
  await expect(dialog.getByTestId('lyrics-line').first()).toHaveText(/ローカル字幕 \d-A/);
  await page.keyboard.press('Escape');

  // 'Subtitle only' lists send the local work ids and show the chip.
  const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/search/'));
  await page.goto(`/works?keyword=${encodeURIComponent(WORK.keyword)}&subtitle=1`);
  const body = (await request).postDataJSON() as { localSubtitledWorks: number[]; subtitle: number };
  expect(body.subtitle).toBe(1);
  // The archive also names 999999, which the library does not have: only the library's ids are sent.
  expect(body.localSubtitledWorks).toEqual([WORK.id]);
  const card = page.getByTestId('work-card').filter({ hasText: '耳元朗読の本' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('local-subtitle-chip')).toBeVisible();

  // A keyword over 500 characters goes by POST too, with the local works.
  const long = `${WORK.keyword}${' '.repeat(520)}${WORK.keyword}`; // two terms: the server takes at most 16
  const longRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/search/'));
  await page.goto(`/works?keyword=${encodeURIComponent(long)}&subtitle=1`);
  const longBody = (await longRequest).postDataJSON() as { keyword: string; localSubtitledWorks: number[] };
  expect(longBody.keyword.length).toBeGreaterThan(500);
  expect(longBody.localSubtitledWorks).toEqual([WORK.id]);
  await expect(page.getByTestId('work-card').filter({ hasText: '耳元朗読の本' })).toHaveCount(1);

  // The library sends them as well.
  const posted: { url: string; body: { localSubtitledWorks?: number[] } }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/works')
      posted.push({ url: r.url(), body: r.postDataJSON() });
  });
  await page.goto('/works?subtitle=1');
  // The library's first load is slow on a busy machine, the more so beside the home carousels.
  await expect(page.getByTestId('works-grid').getByTestId('work-card').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(() => posted.map((p) => new URL(p.url).pathname).sort()).toContain('/api/works');
  for (const p of posted.filter((p) => new URL(p.url).pathname === '/api/works'))
    expect(p.body.localSubtitledWorks).toEqual([WORK.id]);

  // Deleting the package takes the subtitles and the list entry away.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete fan-subs.zip' }).click();
  await page.getByTestId('subtitle-confirm-delete').click();
  await expect(section.getByTestId('subtitle-package')).toHaveCount(0);
  await expect(section).toContainText('No archives imported yet.');
  expect(
    await page.evaluate(
      () => JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}').localSubtitledWorks,
    ),
  ).toEqual([]);
  await page.goto(`/works?keyword=${encodeURIComponent(WORK.keyword)}&subtitle=1`);
  await expect(page.getByTestId('works-end')).toBeVisible();
  await expect(page.getByTestId('work-card')).toHaveCount(0);
});

test('an archive dropped on any page is imported; the same archive twice is refused', async ({ page }) => {
  const zip = await subtitleArchive(page, 3);
  await page.goto('/about');
  await expect(page.getByRole('banner')).toBeVisible();
  const drop = (name: string, bytes: number[]) =>
    page.evaluate(
      ({ name, bytes }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/zip' }));
        document.body.dispatchEvent(
          new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }),
        );
        document.body.dispatchEvent(
          new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
        );
      },
      { name, bytes },
    );
  await drop('dropped.zip', [...zip]);
  const toast = page.getByTestId('subtitle-import-toast');
  await expect(toast.getByTestId('subtitle-import-result')).toContainText('dropped.zip');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);

  await drop('again.zip', [...zip]);
  await expect(toast.getByTestId('subtitle-import-error')).toHaveAttribute('data-kind', 'duplicate');
  await expect(toast).toContainText('already been imported');

  await page.goto('/settings');
  await expect(page.getByTestId('subtitle-package')).toHaveCount(1);
  await expect(page.getByTestId('subtitle-package')).toContainText('dropped.zip');
});

test('a corrupt archive and a file that is not a zip are refused with their messages', async ({ page }) => {
  await page.goto('/settings');
  const section = page.getByTestId('subtitle-section');
  const zip = await subtitleArchive(page, 40);
  const corrupt = Buffer.from(zip);
  corrupt.fill(0xff, 60, 400);
  await importFromSettings(page, 'broken.zip', corrupt);
  await expect(section.getByTestId('subtitle-import-error')).toHaveAttribute('data-kind', 'corrupt');
  await expect(section.getByTestId('subtitle-import-error')).toContainText('re-zip');

  await importFromSettings(
    page,
    'notes.zip',
    Buffer.from('RJ123456 these are not the bytes of a zip archive'),
  );
  await expect(section.getByTestId('subtitle-import-error')).toHaveAttribute('data-kind', 'notZip');
  await expect(section.getByTestId('subtitle-import-error')).toContainText('not a zip archive');
  await expect(section.getByTestId('subtitle-package')).toHaveCount(0);
  await expect(section).toContainText('No archives imported yet.');
});
