/**
 * A real Subsonic web player, built from its public sources, against Sasayaki in Chromium: sign in
 * with an app password, open a work with subtitles, play a track and show its lyrics.
 *
 * Opt-in: the player is not part of this repository. Build Aonsoku's web version (see
 * docs/compatibility.md, "A real player: Aonsoku") and point SUBSONIC_PLAYER_DIST at its `dist`
 * folder; without it the spec is skipped. This spec serves that folder itself on
 * SUBSONIC_PLAYER_PORT (default E2E_PORT + 2), a different origin from Sasayaki's, as players are.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { bearer, freshName, register } from './helpers/accounts.ts';

const dist = process.env.SUBSONIC_PLAYER_DIST;
const port = Number(process.env.E2E_PORT || 8931);
const playerPort = Number(process.env.SUBSONIC_PLAYER_PORT || port + 2);
const sasayaki = `http://127.0.0.1:${port}`;
const player = `http://127.0.0.1:${playerPort}`;
/**
 * A demo work whose every track has a WebVTT subtitle. Another work of its circle also has a
 * "02 耳かき" with lyrics, without this one's last line: the player asks for lyrics by artist and
 * title, so that line shows the lyrics are this work's.
 */
const WORK = {
  id: 'al-1234567',
  title: '耳かきと囁きの夜',
  track: '02 耳かき',
  lastLine: 'ふー……くすぐったい？',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Serves the built player. Its `env-config.js` (filled from the environment by its Docker image)
 * turns off the lyrics look-up on lrclib.net, so nothing leaves 127.0.0.1 and the lyrics shown
 * can only be Sasayaki's.
 */
function servePlayer(root: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', player);
    if (url.pathname === '/env-config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.DISABLE_LRCLIB = true;\n');
      return;
    }
    const file = path.join(
      root,
      path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''),
    );
    const target = url.pathname === '/' || !fs.existsSync(file) ? path.join(root, 'index.html') : file;
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(playerPort, '127.0.0.1', () => resolve(server));
  });
}

/** Every request the player makes to a host other than 127.0.0.1 is refused, and listed. */
async function keepLocal(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      refused.push(route.request().url());
      return route.abort();
    },
  );
  return refused;
}

test.describe('a real Subsonic web player (Aonsoku)', () => {
  test.skip(
    !dist,
    'SUBSONIC_PLAYER_DIST is not set: build the player (docs/compatibility.md) to run this spec',
  );

  let server: http.Server;
  let name: string;
  let secret: string;

  test.beforeAll(async ({ request }) => {
    server = await servePlayer(dist as string);
    name = freshName('aonsoku');
    const token = await register(request, name, 'listener-pass');
    const res = await request.post('/api/auth/app-passwords', {
      headers: bearer(token),
      data: { name: 'Aonsoku' },
    });
    expect(res.status()).toBe(200);
    secret = (await res.json()).secret;
  });
  test.afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  test('signs in, opens a work, plays a track and shows its lyrics', async ({ page }) => {
    const shots = test.info().outputPath.bind(test.info());
    const refused = await keepLocal(page);
    await page.goto(`${player}/#/login`);
    await page.locator('input[name="url"]').fill(sasayaki);
    await page.locator('input[name="username"]').fill(name);
    await page.locator('input[name="password"]').fill(secret);
    await page.locator('button[type="submit"]').click();
    // Signed in: the player leaves its login page for the library's home, filled from Sasayaki.
    await expect(page.getByRole('heading', { name: 'Recently added' })).toBeVisible({ timeout: 20_000 });
    await expect(page).not.toHaveURL(/#\/login/);
    await page.screenshot({ path: shots('1-home.png') });

    await page.goto(`${player}/#/library/albums/${WORK.id}`);
    await expect(page.getByRole('heading', { name: WORK.title })).toBeVisible();
    // The work's four tracks are listed.
    await expect(page.getByText('04 添い寝')).toBeVisible();
    await page.screenshot({ path: shots('2-work.png') });

    // Double-clicking a track row plays the work from that track, streamed from Sasayaki.
    await page.getByText(WORK.track).first().dblclick();
    const audio = page.getByTestId('player-song-audio');
    await expect(audio).toHaveAttribute('src', new RegExp(`^${sasayaki}/rest/stream\\?`));
    const currentTime = () => audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(0.5);
    // Paused, so the six-second clip does not move on to the next track.
    await page.getByTestId('player-button-pause').click();
    await page.screenshot({ path: shots('3-playing.png') });

    // The lyrics button of the player bar: by default the player asks getLyrics (artist, title).
    const lyricsButton = page.getByRole('button').filter({ has: page.locator('svg.lucide-mic-vocal') });
    await lyricsButton.click();
    await expect(page.getByText(WORK.lastLine)).toBeVisible();
    await page.screenshot({ path: shots('4-lyrics.png') });

    // With "Prefer synced lyrics" it takes getLyricsBySongId's timed lines, and follows the audio.
    await page.keyboard.press('Escape');
    await page
      .getByRole('button')
      .filter({ has: page.locator('svg.lucide-settings') })
      .first()
      .click();
    await page.getByText('Player & Audio', { exact: true }).click();
    const synced = page
      .getByText('Prefer synced lyrics')
      .locator('xpath=ancestor::*[.//button[@role="switch"]][1]');
    await synced.getByRole('switch').click();
    await expect(synced.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    const asked: string[] = [];
    page.on('request', (r) => {
      const m = /\/rest\/(getLyrics\w*)/.exec(r.url());
      if (m) asked.push(m[1] as string);
    });
    await lyricsButton.click();
    await page.getByTestId('player-button-play').click();
    await expect(page.getByText(WORK.lastLine)).toBeVisible();
    await expect.poll(currentTime).toBeGreaterThan(2);
    expect(asked).toEqual(['getLyricsBySongId']);
    await page.screenshot({ path: shots('5-synced-lyrics.png') });
    // Outside requests are refused: the player's language flags and CJK web fonts may be among
    // them, but no lyrics look-up (lrclib.net): the lyrics shown were Sasayaki's.
    expect(refused.filter((u) => new URL(u).hostname.includes('lrclib'))).toEqual([]);
  });
});
