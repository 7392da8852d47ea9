/**
 * The playlist screens for review: Discover and a public playlist page with its owner, number of
 * works and total duration, in every language, checked for clipped controls. With SCREENSHOTS_DIR
 * set, each language, phone and desktop, light and dark is photographed there (kept out of the
 * repository); without it one combination per language is checked.
 */
import { expect, test } from '@playwright/test';
import { bearer, freshName, register } from './helpers/accounts.ts';
import { clippedLabels } from './helpers/clipped.ts';
import { COMBOS, SHOTS } from './helpers/screens.ts';

test.describe.configure({ timeout: 300_000 });

test('Discover and a playlist page in every language, phone and desktop, light and dark', async ({
  browser,
  request,
}) => {
  const token = await register(request, freshName('shots'));
  const works = (await (await request.get('/api/works?order=id&sort=asc&pageSize=4')).json()).works;
  const res = await request.post('/api/playlist/create-playlist', {
    headers: bearer(token),
    data: { name: 'Rainy nights', privacy: 2, works: works.map((w: { id: number }) => w.id) },
  });
  const id = (await res.json()).id;
  for (const lang of ['en', 'zh-CN', 'ja']) {
    for (const [[size, viewport], scheme] of COMBOS) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const name = `${lang}-${size}-${scheme}`;
      await page.goto('/playlists/discover');
      await expect(page.getByTestId('playlist-card').first()).toBeVisible();
      expect.soft(await clippedLabels(page), `discover ${name}`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/discover-${name}.png` });
      await page.goto(`/playlist?id=${id}`);
      await expect(page.getByTestId('playlist-duration')).toBeVisible();
      expect.soft(await clippedLabels(page), `playlist ${name}`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/playlist-${name}.png` });
      await page.close();
    }
  }
});
