/// <reference lib="dom" />
/**
 * Playlists between listeners: an anonymous visitor finds a public playlist in Discover (by text,
 * most liked or most recent first) and opens it: its owner, works and total length; an unlisted
 * or public playlist's share link is copied and opens the playlist for someone signed out.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { bearer, freshName, register, useToken } from './helpers/accounts.ts';

test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function firstWorks(request: APIRequestContext, n: number) {
  const res = await request.get(`/api/works?order=id&sort=asc&pageSize=${n}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).works as { id: number; duration: number }[];
}

async function makePlaylist(
  request: APIRequestContext,
  token: string,
  body: { name: string; privacy: number; works: number[]; description?: string },
): Promise<string> {
  const res = await request.post('/api/playlist/create-playlist', { headers: bearer(token), data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).id;
}

test('an anonymous visitor finds a public playlist in Discover and opens it', async ({
  browser,
  request,
}) => {
  const tag = freshName('dsc');
  const owner = freshName('owner');
  const ownerToken = await register(request, owner);
  const fan = await register(request, freshName('fan'));
  const works = await firstWorks(request, 3);
  const seconds = works.reduce((a, w) => a + Math.round(w.duration), 0);
  const liked = await makePlaylist(request, ownerToken, {
    name: `${tag} night rain`,
    privacy: 2,
    works: works.map((w) => w.id),
    description: 'for sleeping',
  });
  await makePlaylist(request, ownerToken, { name: `${tag} morning`, privacy: 2, works: [works[0]!.id] });
  await makePlaylist(request, ownerToken, { name: `${tag} hidden`, privacy: 1, works: [] });
  const like = await request.post('/api/playlist/like-playlist', {
    headers: bearer(fan),
    data: { id: liked },
  });
  expect(like.ok()).toBe(true);

  const page = await browser.newPage({ viewport: PHONE });
  await page.goto('/playlists');
  // Signed out, /playlists opens Discover: the visitor has no playlists of their own.
  await page.getByRole('tab', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/playlists\/discover/);
  await page.getByRole('searchbox', { name: 'Search public playlists' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const cards = page.getByTestId('playlist-card');
  // The unlisted one is not listed; the most recently made comes first.
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(`${tag} morning`);
  await expect(page.getByTestId('discover-count')).toHaveText('2 playlists');
  await page.getByRole('button', { name: 'Most liked' }).click();
  await expect(page).toHaveURL(/order=likes/);
  await expect(cards.first()).toContainText(`${tag} night rain`);
  await expect(cards.first().getByTestId('playlist-likes')).toHaveText('1');
  await expect(cards.first()).toContainText(`by ${owner}`);
  // A text that matches nothing says so.
  await page.getByRole('searchbox', { name: 'Search public playlists' }).fill(`${tag}zzz`);
  await expect(page.getByTestId('empty-state')).toContainText(`No public playlist matches “${tag}zzz”.`);
  await page.goBack();
  await page.getByRole('searchbox', { name: 'Search public playlists' }).fill(`${tag} night`);
  await expect(cards).toHaveCount(1);

  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/playlist\\?id=${liked}`));
  await expect(page.getByRole('heading', { name: `${tag} night rain` })).toBeVisible();
  await expect(page.getByTestId('playlist-owner')).toHaveText(`by ${owner}`);
  await expect(page.getByTestId('playlist-works-count')).toHaveText('3 works');
  const minutes = Math.round(seconds / 60);
  const length = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  await expect(page.getByTestId('playlist-duration')).toHaveText(length);
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  // Liking asks a visitor to log in.
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.close();
});

test('the share link of an unlisted playlist is copied and opens it signed out', async ({
  browser,
  request,
}) => {
  const owner = freshName('sharer');
  const token = await register(request, owner);
  const works = await firstWorks(request, 1);
  const unlisted = await makePlaylist(request, token, {
    name: 'Shared by link',
    privacy: 1,
    works: [works[0]!.id],
  });
  const secret = await makePlaylist(request, token, { name: 'Only mine', privacy: 0, works: [] });
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await useToken(page, token);
  await page.goto(`/playlist?id=${secret}`);
  await expect(page.getByRole('heading', { name: 'Only mine' })).toBeVisible();
  // A private playlist has no link to share.
  await expect(page.getByTestId('share-link')).toHaveCount(0);
  await page.goto(`/playlist?id=${unlisted}`);
  await page.getByTestId('share-link').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(new URL(`/playlist?id=${unlisted}`, page.url()).href);
  await context.close();

  const visitor = await browser.newPage({ viewport: PHONE });
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Shared by link' })).toBeVisible();
  await expect(visitor.getByTestId('playlist-owner')).toHaveText(`by ${owner}`);
  await expect(visitor.getByTestId('share-link')).toBeVisible();
  await visitor.close();
});
