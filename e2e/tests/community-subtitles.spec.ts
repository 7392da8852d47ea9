/// <reference lib="dom" />
/**
 * Community subtitles end to end (docs/subtitles.md): a listener with a linked email uploads a
 * zip of lrc files for a work without subtitles in the work page's dialog; an administrator
 * accepts one version and rejects the other with a reason in the console; a second listener and
 * a Subsonic client through getLyricsBySongId get the accepted subtitle with its credit, and the
 * work now matches "subtitle only".
 */
import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { TrackFile, TrackNode, WorkList } from '@sasayaki/contract';
import { zipSync } from 'fflate';
import { ADMIN, bearer, freshName, loginToken, register, useToken } from './helpers/accounts.ts';
import { mailedCode } from './helpers/mail.ts';
import { stripAudioExt, WORK } from './helpers/subtitles.ts';

const lrc = (lines: [number, string][]) =>
  lines.map(([s, t]) => `[00:${String(s).padStart(2, '0')}.00]${t}`).join('\n');
const ACCEPTED = lrc([
  [0, 'Good evening (version one)'],
  [2, 'Shall we begin?'],
]);
const REJECTED = lrc([
  [0, 'Good evening (version two)'],
  [3, 'Drifting lines'],
]);

async function audioOf(request: APIRequestContext, workId: number): Promise<TrackFile[]> {
  const tree = (await (await request.get(`/api/tracks/${workId}?v=1`)).json()) as TrackNode[];
  const flat = (nodes: TrackNode[]): TrackFile[] =>
    nodes.flatMap((n) => (n.type === 'folder' ? flat(n.children) : [n]));
  return flat(tree).filter((f) => f.type === 'audio');
}

/**
 * A demo work whose tracks have no subtitles, other than the one the local-archive specs use
 * (an accepted subtitle stays: those specs need their work without one).
 */
async function workWithoutSubtitles(
  request: APIRequestContext,
): Promise<{ id: number; tracks: TrackFile[] }> {
  const list = (await (await request.get('/api/works?pageSize=100')).json()) as WorkList;
  for (const w of list.works) {
    if (w.has_subtitle || w.id === WORK.id) continue;
    const tracks = await audioOf(request, w.id);
    if (tracks.length > 0 && tracks.every((t) => (t.availableLyrics ?? []).length === 0))
      return { id: w.id, tracks };
  }
  throw new Error('the demo library has no other work without subtitles');
}

/** A listener whose email is linked with the mailed code: the rule of tag votes. */
async function listenerWithEmail(request: APIRequestContext, prefix: string) {
  const name = freshName(prefix);
  const token = await register(request, name);
  const email = `${name}@mail.test`;
  const link = await request.post('/api/auth/email/request-link', {
    headers: bearer(token),
    data: { email },
  });
  expect(link.status(), await link.text()).toBe(200);
  const { verifyId } = (await link.json()) as { verifyId: string };
  const verified = await request.post('/api/auth/email/verify', {
    headers: bearer(token),
    data: { verifyId, code: await mailedCode(email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { name, token };
}

test('a community subtitle goes from a listener through review to every player', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await listenerWithEmail(request, 'subalice');
  await useToken(page, alice.token);
  const work = await workWithoutSubtitles(request);
  const first = work.tracks[0] as TrackFile;

  // The listener sends a zip with two versions for the first track.
  await page.goto(`/work/${work.id}`);
  const card = page.getByTestId('community-subtitles');
  await expect(card).toContainText('Subtitles wanted');
  await card.getByRole('button', { name: 'Contribute subtitles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contribute subtitles' });
  const stem = stripAudioExt(first.title);
  const zip = zipSync({
    [`subs/${stem}.lrc`]: new TextEncoder().encode(ACCEPTED),
    [`subs/${stem} alt.lrc`]: new TextEncoder().encode(REJECTED),
  });
  await dialog.getByTestId('subtitle-files').setInputFiles({
    name: 'subtitles.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  const items = dialog.getByTestId('subtitle-item');
  await expect(items).toHaveCount(2);
  for (const item of await items.all()) {
    await item.getByRole('combobox', { name: 'Track' }).click();
    await page.getByRole('option', { name: first.title, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Send 2 files for review' }).click();
  await expect(page.getByText('2 files sent for review.', { exact: false })).toBeVisible();

  // The administrator accepts the first version and rejects the other with a reason.
  const adminToken = await loginToken(request, ADMIN.name, ADMIN.password);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.addInitScript((t) => localStorage.setItem('jwt-token', t), adminToken);
  await admin.goto('/admin/subtitles');
  const row = (name: string) => admin.getByTestId('subtitle-row').filter({ hasText: name });
  await row(`${stem}.lrc`).getByRole('button', { name: 'Review' }).click();
  await expect(row(`${stem}.lrc`).getByTestId('subtitle-text')).toHaveValue(ACCEPTED);
  await row(`${stem}.lrc`).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(admin.getByText('Subtitle accepted: every listener sees it now.')).toBeVisible();
  await row(`${stem} alt.lrc`).getByRole('button', { name: 'Review' }).click();
  await row(`${stem} alt.lrc`).getByLabel('Reason for the contributor').fill('The timing drifts');
  await row(`${stem} alt.lrc`).getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Nothing to review.')).toBeVisible();
  await adminContext.close();

  const mine = (await (
    await request.get('/api/subtitles/mine', { headers: bearer(alice.token) })
  ).json()) as {
    contributions: { name: string; status: string; reason: string }[];
  };
  expect(mine.contributions.map((c) => [c.name, c.status, c.reason]).sort()).toEqual([
    [`${stem} alt.lrc`, 'rejected', 'The timing drifts'],
    [`${stem}.lrc`, 'accepted', ''],
  ]);

  // A second listener gets it, credited, and the work matches "subtitle only".
  const bobName = freshName('subbob');
  const bob = await register(request, bobName);
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await bobPage.addInitScript((t) => localStorage.setItem('jwt-token', t), bob);
  const served = (await audioOf(bobPage.request, work.id)).find((f) => f.hash === first.hash);
  expect(served?.availableLyrics).toEqual([
    expect.objectContaining({ source: 'community', contributor: alice.name, language: 'en', version: 1 }),
  ]);
  const text = await bobPage.request.get(served?.availableLyrics?.[0]?.mediaDownloadUrl ?? '');
  expect(await text.text()).toBe(ACCEPTED);
  await bobPage.goto(`/work/${work.id}`);
  await expect(bobPage.getByTestId('community-subtitles')).not.toContainText('Subtitles wanted');
  const subtitled = (await (
    await bobPage.request.get('/api/works?subtitle=1&pageSize=100')
  ).json()) as WorkList;
  expect(subtitled.works.map((w) => w.id)).toContain(work.id);
  await bobContext.close();

  // A Subsonic client through getLyricsBySongId.
  const made = await request.post('/api/auth/app-passwords', {
    headers: bearer(bob),
    data: { name: 'Phone' },
  });
  const secret = ((await made.json()) as { secret: string }).secret;
  const salt = 'e2esalt';
  const qs = new URLSearchParams({
    u: bobName,
    t: createHash('md5')
      .update(secret + salt)
      .digest('hex'),
    s: salt,
    c: 'e2e',
    v: '1.16.1',
    f: 'json',
    id: `tr-${first.hash.split('/')[1]}`,
  });
  const lyrics = (await (await request.get(`/rest/getLyricsBySongId?${qs}`)).json())['subsonic-response'];
  expect(lyrics.status).toBe('ok');
  expect(lyrics.lyricsList.structuredLyrics).toEqual([
    expect.objectContaining({
      lang: 'en',
      displayArtist: expect.stringContaining(alice.name),
      line: [
        { start: 0, value: 'Good evening (version one)' },
        { start: 2000, value: 'Shall we begin?' },
      ],
    }),
  ]);
});
