/// <reference lib="dom" />
/**
 * The works with local subtitles in every list: with 'subtitle only' on, the home carousels, the
 * library and search send `localSubtitledWorks` and show the work whose folder has no subtitles,
 * with its local-subtitle chip. The ids follow the browser database: deleting one archive, all
 * of them, or the database itself (site data cleared) takes them out of the requests.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { importFromSettings, subtitleArchive, WORK } from './helpers/subtitles.ts';

const TITLE = '耳元朗読の本';
const FILLER_ID = 999_999;

const storedIds = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}').localSubtitledWorks);

async function importArchive(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.goto('/settings');
  await importFromSettings(page, name, buffer);
  await expect(page.getByTestId('subtitle-import-result')).toContainText(name, { timeout: 30_000 });
}

/** The POST bodies of the list requests made while the page is open. */
function watchLists(page: Page): Map<string, { localSubtitledWorks?: number[]; subtitle?: number }[]> {
  const seen = new Map<string, { localSubtitledWorks?: number[]; subtitle?: number }[]>();
  page.on('request', (r: Request) => {
    if (r.method() !== 'POST') return;
    const path = new URL(r.url()).pathname;
    if (!/^\/api\/(works|search\/|recommender\/(popular|recommend-for-user))$/.test(path)) return;
    seen.set(path, [...(seen.get(path) ?? []), r.postDataJSON()]);
  });
  return seen;
}

test('with subtitle only, the home carousels, the library and search show a work with local subtitles', async ({
  page,
}) => {
  test.slow(); // imports an archive and loads the home page with three lists on a shared machine
  // Listening makes the work popular, so the popular carousel holds it.
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post('/api/recommender/feedback', {
      data: {
        type: 'progress30',
        recommenderUuid: `00000000-0000-4000-8000-0000000071${i}0`,
        itemId: WORK.id,
      },
    });
    expect(res.ok()).toBe(true);
  }
  await importArchive(page, 'lists.zip', await subtitleArchive(page, 3));
  await expect.poll(() => storedIds(page)).toEqual([FILLER_ID, WORK.id]);

  // This browser has listened (as the player notes on its first feedback): its own
  // recommendations are asked for too. A browser that never listened is not (below).
  await page.evaluate(() => {
    const { recommenderUuid } = JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}');
    localStorage.setItem('sasayaki-recommender-history', recommenderUuid);
  });
  const lists = watchLists(page);
  await page.goto('/works?subtitle=1');
  const popular = page.getByRole('region', { name: 'Popular now' });
  const inPopular = popular.getByTestId('work-card').filter({ hasText: TITLE });
  // Compact carousel cards carry no status chips; the list's card below shows the local one.
  await expect(inPopular).toHaveCount(1, { timeout: 30_000 });
  const listCard = page.getByTestId('works-grid').getByTestId('work-card').filter({ hasText: TITLE });
  await expect(listCard).toHaveCount(1, { timeout: 30_000 });
  await expect(listCard.getByTestId('local-subtitle-chip')).toBeVisible();
  await expect(page.getByTestId('works-total')).not.toHaveText('');
  for (const path of ['/api/recommender/popular', '/api/recommender/recommend-for-user', '/api/works']) {
    await expect.poll(() => lists.get(path)?.length ?? 0, { message: path }).toBeGreaterThan(0);
    for (const body of lists.get(path) ?? []) {
      expect(body.subtitle, path).toBe(1);
      // Only the work the library has: RJ999999 of the archive is not in it.
      expect(body.localSubtitledWorks, path).toEqual([WORK.id]);
    }
  }
  // One request per list: the ids do not make the lists ask again.
  expect(lists.get('/api/works')).toHaveLength(1);
  expect(lists.get('/api/recommender/popular')).toHaveLength(1);

  // Search sends them too.
  await page.goto(`/works?keyword=${encodeURIComponent(WORK.keyword)}&subtitle=1`);
  const found = page.getByTestId('work-card').filter({ hasText: TITLE });
  await expect(found).toHaveCount(1);
  await expect(found.getByTestId('local-subtitle-chip')).toBeVisible();
  expect(lists.get('/api/search/')?.at(-1)?.localSubtitledWorks).toEqual([WORK.id]);

  // Without 'subtitle only' the carousels send none.
  lists.clear();
  await page.goto('/works');
  await expect(page.getByRole('region', { name: 'Popular now' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => lists.get('/api/recommender/popular')?.length ?? 0).toBeGreaterThan(0);
  for (const body of lists.get('/api/recommender/popular') ?? []) {
    expect(body.subtitle).toBe(0);
    expect(body.localSubtitledWorks).toEqual([]);
  }

  // A browser that never listened, signed out, has no recommendations of its own: the home page
  // does not ask for them (they would be the popular list, which it then hides).
  await page.evaluate(() => localStorage.removeItem('sasayaki-recommender-history'));
  lists.clear();
  await page.goto('/works');
  await expect(page.getByRole('region', { name: 'Popular now' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('works-total')).not.toHaveText('');
  await expect.poll(() => lists.get('/api/recommender/popular')?.length ?? 0).toBeGreaterThan(0);
  expect(lists.get('/api/recommender/recommend-for-user')).toBeUndefined();
});

test('deleting one archive, all of them, or the site’s database re-reads the works with local subtitles', async ({
  page,
}) => {
  test.slow();
  await importArchive(page, 'first.zip', await subtitleArchive(page, 3));
  const other = zipSync({ 'RJ888888 other/01.lrc': new TextEncoder().encode('[00:01.00]other\n') });
  await importArchive(page, 'second.zip', Buffer.from(other));
  await expect.poll(() => storedIds(page)).toEqual([888_888, FILLER_ID, WORK.id]);

  const section = page.getByTestId('subtitle-section');
  await page.getByRole('button', { name: 'Delete second.zip' }).click();
  await page.getByTestId('subtitle-confirm-delete').click();
  await expect(section.getByTestId('subtitle-package')).toHaveCount(1);
  await expect.poll(() => storedIds(page)).toEqual([FILLER_ID, WORK.id]);

  await section.getByRole('button', { name: 'Delete all' }).click();
  await page.getByTestId('subtitle-confirm-delete').click();
  await expect(section.getByTestId('subtitle-package')).toHaveCount(0);
  await expect.poll(() => storedIds(page)).toEqual([]);

  // Site data cleared behind the app's back: the database is gone, the settings still list ids.
  await importArchive(page, 'again.zip', await subtitleArchive(page, 3));
  await expect.poll(() => storedIds(page)).toEqual([FILLER_ID, WORK.id]);
  await page.goto('/about');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase('sasayaki-subtitles');
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error);
      }),
  );
  expect(await storedIds(page)).toEqual([FILLER_ID, WORK.id]);
  const lists = watchLists(page);
  const plain = page.waitForRequest(
    (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/works',
  );
  await page.goto('/works?subtitle=1');
  await expect.poll(() => storedIds(page)).toEqual([]);
  await plain; // the library asks by GET once no local works are left to send
  await expect(
    page.getByTestId('works-grid').getByTestId('work-card').filter({ hasText: TITLE }),
  ).toHaveCount(0);
  for (const body of lists.get('/api/works') ?? []) expect(body.localSubtitledWorks).toEqual([WORK.id]);
});
