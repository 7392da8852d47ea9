/**
 * A newcomer's first run in Chromium, on a server of its own started on an EMPTY data folder:
 * every page is the setup screen, two browsers race to create the administrator (exactly one
 * wins, the other is told), the winner lands in the console's libraries, adds a folder of the
 * server through the folder picker, scans it with live progress and reads the scan's report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { wavTone } from '@sasayaki/server/demo/audio';
import { OwnServer } from './helpers/ownServer.ts';

// A server of its own, its demo library made on the way: several minutes on a busy machine.
test.describe.configure({ timeout: 600_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SCREENSHOTS_DIR;
const LANGS = ['en', 'ja', 'zh-CN'] as const;
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** Every language, size and scheme with SCREENSHOTS_DIR set; else one look in each language. */
async function shoot(
  browser: Browser,
  base: string,
  name: string,
  visit: (page: Page) => Promise<void>,
  token?: string,
) {
  const combos = SHOTS
    ? VIEWPORTS.flatMap((v) => (['light', 'dark'] as const).map((s) => [v, s] as const))
    : ([[VIEWPORTS[0], 'light']] as const);
  for (const lang of LANGS) {
    for (const [[size, viewport], scheme] of combos) {
      const page = await browser.newPage({ viewport, colorScheme: scheme, baseURL: base });
      await page.addInitScript(
        ([l, tk]) => {
          localStorage.setItem('lang', l);
          if (tk) localStorage.setItem('jwt-token', tk);
        },
        [lang, token ?? ''] as const,
      );
      await visit(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${size}-${scheme}.png`, fullPage: true });
      await page.close();
    }
  }
}

test('first run: two browsers race for the administrator, the winner adds and scans a library', async ({
  browser,
}) => {
  const server = await OwnServer.create({ empty: true });
  const library = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-e2e-lib-'));
  const unpacked = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-e2e-sjis-')));
  try {
    fs.mkdirSync(Buffer.from(`${unpacked}/\x83\x54\x83\x93/RJ01999003 inner`, 'latin1'), { recursive: true });
    // Enough works that a full rescan shows its progress for a moment, one empty file and one
    // folder whose code is taken, for the report.
    const clip = wavTone(0.2, 440, 1);
    for (let i = 1; i <= 400; i++) {
      const dir = path.join(library, `RJ0${String(2_000_000 + i)} Work ${i}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '01.wav'), clip);
    }
    fs.writeFileSync(path.join(library, 'RJ02000001 Work 1', 'notes-empty.txt'), '');
    fs.mkdirSync(path.join(library, 'copies', 'RJ02000002 again'), { recursive: true });
    fs.writeFileSync(path.join(library, 'copies', 'RJ02000002 again', '01.wav'), clip);

    await server.start();
    const base = server.url;
    // The banner follows the first answers by a moment.
    await expect.poll(() => server.stdout).toContain(`Sasayaki is listening on ${base}`);
    expect(server.stdout).toContain(`No administrator yet: open ${base} to create the administrator.`);
    expect(server.stdout).toMatch(/Library: +\S+demo-library +\(demo library, 31 works\)/);

    // Every page is the setup screen.
    await shoot(browser, base, 'setup', async (page) => {
      await page.goto('/work/RJ01234568');
      await expect(page.getByTestId('setup-screen')).toBeVisible();
    });

    const openBrowser = async () => {
      const context = await browser.newContext({ baseURL: base });
      const page = await context.newPage();
      await page.goto('/works');
      return page;
    };
    const [a, b] = await Promise.all([openBrowser(), openBrowser()]);
    // The form's own rules first.
    await a.getByRole('button', { name: 'Create administrator' }).click();
    await expect(a.getByText('at least', { exact: false }).first()).toBeVisible();
    for (const [page, name] of [
      [a, 'owner-a'],
      [b, 'owner-b'],
    ] as const) {
      await page.getByLabel('Administrator name').fill(name);
      await page.getByLabel('Password', { exact: true }).fill('first-secret');
      await page.getByLabel('Password again').fill('first-secret');
    }
    await Promise.all([a, b].map((p) => p.getByRole('button', { name: 'Create administrator' }).click()));
    const outcome = async (page: Page) => {
      await expect(page.getByTestId('setup-lost').or(page.getByTestId('console-nav'))).toBeVisible();
      return (await page.getByTestId('setup-lost').count()) > 0 ? 'lost' : 'won';
    };
    const [ra, rb] = [await outcome(a), await outcome(b)];
    expect([ra, rb].sort()).toEqual(['lost', 'won']);
    const [winner, loser] = ra === 'won' ? [a, b] : [b, a];
    await expect(loser.getByTestId('setup-lost')).toContainText('Someone else created the administrator');
    if (SHOTS) await loser.screenshot({ path: `${SHOTS}/setup-lost-en-desktop-light.png` });
    await loser.getByRole('button', { name: 'Continue to the library' }).click();
    await expect(loser.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    const setup = await (await fetch(`${base}/api/setup`)).json();
    expect(setup).toEqual({ needed: false });

    // The winner is signed in and in the console's libraries.
    await expect(winner).toHaveURL(/\/admin\/libraries$/);
    await expect(winner.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();
    const demoRoot = winner.getByTestId('library-root');
    await expect(demoRoot).toHaveCount(1);
    await expect(demoRoot).toContainText('Demo library');
    await expect(demoRoot).toContainText('31 works');

    // Add the folder through the server-side folder picker. On the way, a folder whose name is
    // Shift_JIS bytes (not UTF-8) is listed with replacement characters and opens.
    await winner.getByRole('button', { name: 'Add folder' }).click();
    const picker = winner.getByRole('dialog', { name: 'Add a library folder' });
    await picker.getByTestId('folder-path').fill(unpacked);
    await picker.getByRole('button', { name: 'Open' }).click();
    await picker.getByTestId('folder-list').getByText('\uFFFDT\uFFFD\uFFFD', { exact: true }).click();
    await expect(picker.getByTestId('folder-path')).toHaveValue(path.join(unpacked, '\uFFFDT\uFFFD\uFFFD'));
    await expect(picker.getByTestId('folder-list')).toContainText('RJ01999003 inner');
    await picker.getByTestId('folder-path').fill(path.dirname(library));
    await picker.getByRole('button', { name: 'Open' }).click();
    await picker.getByTestId('folder-list').getByText(path.basename(library), { exact: true }).click();
    await expect(picker.getByTestId('folder-path')).toHaveValue(library);
    await expect(picker.getByTestId('folder-list')).toContainText('RJ02000001 Work 1');
    // Files are never listed.
    await picker.getByTestId('folder-list').getByText('RJ02000001 Work 1', { exact: true }).click();
    await expect(picker.getByTestId('folder-list')).toContainText('No sub-folders.');
    await expect(picker.getByTestId('folder-list')).not.toContainText('01.wav');
    await picker.getByRole('button', { name: 'Parent folder' }).click();
    await expect(picker.getByTestId('folder-path')).toHaveValue(library);
    await picker.getByLabel('Display name').fill('My ASMR');
    await picker.getByRole('button', { name: 'Add this folder' }).click();
    await expect(picker).toBeHidden();
    const mine = winner.getByTestId('library-root').filter({ hasText: 'My ASMR' });
    await expect(mine).toContainText('Added here');
    await expect(mine).toContainText(library);

    // A full rescan, followed live: also by consoles open in every language, which each save
    // their view of it with SCREENSHOTS_DIR set.
    const watchers = SHOTS
      ? await watchScan(browser, base, await winner.evaluate(() => localStorage.getItem('jwt-token')))
      : [];
    await winner.getByRole('button', { name: 'Full rescan' }).click();
    const progress = winner.getByTestId('scan-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/works\/s/);
    await Promise.all(watchers.map((w) => w()));
    await expect(progress).toBeHidden({ timeout: 120_000 });
    await expect(mine).toContainText('400 works');
    // The demo library is no longer in effect: its works left with this scan.
    await expect(winner.getByTestId('library-root')).toHaveCount(1);
    const latest = winner.getByTestId('scan-run').first();
    await expect(latest).toContainText('400 added');
    await expect(latest).toContainText('31 removed');
    await expect(latest).toContainText('2 skipped');

    // Its report, searched.
    await latest.getByRole('link').click();
    await expect(winner).toHaveURL(/\?report=\d+$/);
    await expect(winner.getByTestId('report-item').first()).toBeVisible();
    await winner.getByLabel('Search paths and reasons').fill('notes-empty');
    await expect(winner.getByTestId('report-item')).toHaveCount(1);
    await expect(winner.getByTestId('report-item')).toContainText('empty file');
    await winner.getByLabel('Search paths and reasons').fill('');
    await winner.getByRole('button', { name: /^Skipped/ }).click();
    await expect(winner.getByTestId('report-item')).toHaveCount(2);
    await expect(winner.getByTestId('report-item').filter({ hasText: 'duplicate work code' })).toHaveCount(1);
    const reportUrl = winner.url();
    await winner.getByRole('link', { name: 'Back to libraries' }).click();

    // Rename, then the removal's confirmation says what stays.
    await mine.getByRole('button', { name: 'Rename' }).click();
    await winner.getByRole('dialog').getByLabel('Display name').fill('Drama CDs');
    await winner.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await expect(winner.getByTestId('library-root').filter({ hasText: 'Drama CDs' })).toBeVisible();

    const token = await winner.evaluate(() => localStorage.getItem('jwt-token'));
    await shoot(
      browser,
      base,
      'libraries',
      async (page) => {
        await page.goto('/admin/libraries');
        await expect(page.getByTestId('library-root')).toHaveCount(1);
        await expect(page.getByTestId('scan-run').first()).toBeVisible();
      },
      token ?? undefined,
    );
    await shoot(
      browser,
      base,
      'folder-picker',
      async (page) => {
        await page.goto('/admin/libraries');
        await page.getByTestId('library-root').first().waitFor();
        await page.getByTestId('add-root').click();
        await expect(page.getByTestId('folder-list')).toBeVisible();
      },
      token ?? undefined,
    );
    await shoot(
      browser,
      base,
      'report',
      async (page) => {
        await page.goto(new URL(reportUrl).pathname + new URL(reportUrl).search);
        await expect(page.getByTestId('report-item').first()).toBeVisible();
      },
      token ?? undefined,
    );

    const removing = winner.getByTestId('library-root').filter({ hasText: 'Drama CDs' });
    await removing.getByRole('button', { name: 'Remove' }).click();
    const confirm = winner.getByRole('dialog', { name: 'Remove “Drama CDs”?' });
    await expect(confirm).toContainText('Its 400 works leave the catalogue at the next scan');
    await expect(confirm).toContainText('reviews, playlists and listening history are kept');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    // No root of the console is left: the demo library is in effect again.
    await expect(winner.getByTestId('library-root')).toHaveCount(1);
    await expect(winner.getByTestId('library-root')).toContainText('Demo library');
  } finally {
    await server.dispose();
    fs.rmSync(library, { recursive: true, force: true });
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
});

/** Consoles open on the libraries in every language and size: each shoots the scan's progress once it shows. */
async function watchScan(browser: Browser, base: string, token: string | null) {
  const shots: (() => Promise<void>)[] = [];
  for (const lang of LANGS) {
    for (const [size, viewport] of VIEWPORTS) {
      const page = await browser.newPage({ viewport, baseURL: base });
      await page.addInitScript(
        ([l, tk]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('jwt-token', tk);
        },
        [lang, token ?? ''] as const,
      );
      await page.goto('/admin/libraries');
      await expect(page.getByTestId('library-root').first()).toBeVisible();
      shots.push(async () => {
        // A picture, not a check: a scan may end before a slow page has drawn it.
        try {
          await page.getByTestId('scan-progress').waitFor({ timeout: 10_000 });
          await page.screenshot({ path: `${SHOTS}/scan-progress-${lang}-${size}-light.png`, fullPage: true });
        } catch {
          console.warn(`the scan ended before the ${lang} ${size} console showed it`);
        }
        await page.close();
      });
    }
  }
  return shots;
}
