/// <reference lib="dom" />
/**
 * The player's keyboard shortcuts and the queue that survives a reload, in Chromium at desktop and
 * phone width on the demo library.
 */
import { expect as baseExpect, type Page, test } from '@playwright/test';

// First loads are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 180_000 });

const LONG_WORK = '/work/RJ01100001';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]')!;
    return { time: a.currentTime, paused: a.paused, volume: a.volume, muted: a.muted, src: a.currentSrc };
  });

async function playFirstTrack(page: Page): Promise<void> {
  await page.goto(LONG_WORK);
  const item = page.getByTestId('tree-audio').first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0);
}

const bar = (page: Page) => page.getByTestId('player-bar');

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('Space, arrows, M, N, P, L and ? drive the player; typing in a field does not', async ({ page }) => {
      await playFirstTrack(page);
      const firstTitle = await page.getByTestId('player-title').innerText();

      // Space pauses and plays without scrolling the page
      await page.evaluate(() => window.scrollTo(0, 200));
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.keyboard.press(' ');
      await expect(bar(page)).toHaveAttribute('data-playing', 'false');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await page.keyboard.press(' ');
      await expect(bar(page)).toHaveAttribute('data-playing', 'true');
      await page.keyboard.press(' ');
      await expect(bar(page)).toHaveAttribute('data-playing', 'false');

      // arrows seek 5 s, with Shift 30 s
      const t0 = (await audio(page)).time;
      await page.keyboard.press('Shift+ArrowRight');
      await expect.poll(async () => (await audio(page)).time).toBeCloseTo(t0 + 30, 0);
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await audio(page)).time).toBeCloseTo(t0 + 35, 0);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await audio(page)).time).toBeCloseTo(t0 + 30, 0);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

      // volume and mute
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.8, 5);
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.9, 5);
      await page.keyboard.press('m');
      await expect.poll(async () => (await audio(page)).muted).toBe(true);
      await page.keyboard.press('m');
      await expect.poll(async () => (await audio(page)).muted).toBe(false);

      // next and previous track
      await page.keyboard.press('n');
      await expect(page.getByTestId('player-title')).not.toHaveText(firstTitle);
      await page.keyboard.press('p');
      await expect(page.getByTestId('player-title')).toHaveText(firstTitle);

      // L opens and closes the lyrics
      await page.keyboard.press('l');
      await expect(page.getByTestId('lyrics-dialog')).toBeVisible();
      await page.keyboard.press('l');
      await expect(page.getByTestId('lyrics-dialog')).toHaveCount(0);

      // ? lists the keys; Escape closes the list
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      await expect(help).toContainText('Play or pause');
      await expect(help).toContainText('Back or forward 30 s');
      await page.keyboard.press('Escape');
      await expect(help).toHaveCount(0);

      // keys typed into the search box stay there (N and P left the player playing)
      await expect(bar(page)).toHaveAttribute('data-playing', 'true');
      const search = page.getByTestId('search-input');
      await search.click();
      await search.pressSequentially('n m p');
      await expect(search).toHaveValue('n m p');
      await expect(bar(page)).toHaveAttribute('data-playing', 'true');
      await expect(page.getByTestId('player-title')).toHaveText(firstTitle);
      expect((await audio(page)).muted).toBe(false);
    });

    test('the help list is in the interface language', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('lang', 'ja'));
      await page.goto('/works');
      await expect(page.getByTestId('works-grid').getByTestId('work-card').first()).toBeVisible();
      // the player, which owns the keys, is loaded after the page
      await expect(page.getByTestId('player-audio')).toBeAttached();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'キーボードショートカット' });
      await expect(help).toBeVisible();
      await expect(help).toContainText('再生／一時停止');
      await expect(help).toContainText('スペース');
    });

    test('after a reload the queue, the track and its position come back, paused', async ({ page }) => {
      await playFirstTrack(page);
      const title = await page.getByTestId('player-title').innerText();
      await page.keyboard.press(' ');
      await expect(bar(page)).toHaveAttribute('data-playing', 'false');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(55);
      const stoppedAt = (await audio(page)).time;

      await page.goto('/tags');
      await page.reload();
      await expect(bar(page)).toBeVisible();
      await expect(page.getByTestId('player-title')).toHaveText(title);
      await expect(bar(page)).toHaveAttribute('data-playing', 'false');
      // positions are kept in whole seconds
      await expect.poll(async () => (await audio(page)).time).toBeCloseTo(Math.floor(stoppedAt), 1);
      expect((await audio(page)).paused).toBe(true);
      // the rest of the queue is there too
      await page.keyboard.press('n');
      await expect(page.getByTestId('player-title')).not.toHaveText(title);
      await page.keyboard.press('p');
      await expect(page.getByTestId('player-title')).toHaveText(title);
    });
  });
}
