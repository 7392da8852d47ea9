/**
 * Community subtitles on both dialects (services/subtitles.ts): who may send, hostile uploads
 * refused with their reason and nothing kept, the review queue (accept, reject with a reason,
 * accept a corrected version), and what an accepted one changes for everyone: the track tree,
 * the "subtitle only" filter and its count, the work's badge and Subsonic getLyricsBySongId.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely
type Json = Record<string, any>;
type Who = { authorization: string };

const WORK = 300001;
const OTHER = 300002;
const enc = new TextEncoder();
const b64 = (data: string | Uint8Array) =>
  Buffer.from(typeof data === 'string' ? enc.encode(data) : data).toString('base64');
const lrc = (...lines: [number, string][]) =>
  lines
    .map(
      ([s, t]) =>
        `[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.00]${t}`,
    )
    .join('\n');

const OPENING = lrc([1, 'こんばんは'], [5, 'Good evening'], [60, 'Shall we begin?']);
const MAIN = lrc([2, 'Close your eyes'], [300, 'Breathe in'], [590, 'Good night']);

describe.each(DIALECTS)('community subtitles (%s)', (dialect) => {
  let t: TestApp;
  let alice: Who & { id: number };
  let bob: Who & { id: number };
  let admin: Who;
  let noMail: Who;
  let tracks: Json[];

  const upload = (who: Who | Record<string, never>, files: Json[], workId = WORK, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/subtitles/work/${workId}`,
      headers: who,
      payload: { language, note: 'first try', files },
    });
  const rows = () => t.db.selectFrom('subtitle_contributions').selectAll().orderBy('id').execute();
  const stored = () => {
    const dir = path.join(t.config.dataDir, 'subtitles');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const tree = async () => (await t.app.inject({ url: `/api/tracks/${WORK}` })).json() as Json[];
  const lyricsOf = async (title: string) => (await tree()).find((n) => n.title === title)?.availableLyrics;
  const subtitled = async () =>
    (await t.app.inject({ url: '/api/works?subtitle=1&pageSize=100' })).json() as Json;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, [
      {
        id: WORK,
        title: 'A night without lyrics',
        circle: { id: 30, name: 'Night Circle' },
        files: [
          { path: '01 Opening.mp3', type: 'audio', size: 1000, duration: 120 },
          { path: '02 Main.mp3', type: 'audio', size: 1000, duration: 600 },
          { path: 'cover.jpg', type: 'image', size: 10 },
        ],
      },
      { id: OTHER, title: 'Another work', circle: { id: 30, name: 'Night Circle' } },
    ]);
    alice = await account(t, 'alice1', { email: 'alice@example.org' });
    bob = await account(t, 'bobby', { email: 'bob@example.org' });
    admin = await account(t, 'rooty', { group: 'administrator', email: 'root@example.org' });
    noMail = await account(t, 'nomail1');
    tracks = (await t.db.selectFrom('files').selectAll().where('work_id', '=', WORK).execute()) as Json[];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs an account with a bound email, like tag votes', async () => {
    const anon = await upload({}, [{ name: '01 Opening.lrc', data: b64(OPENING) }]);
    expect(anon.statusCode).toBe(401);
    const n = await upload(noMail, [{ name: '01 Opening.lrc', data: b64(OPENING) }]);
    expect(n.statusCode).toBe(403);
    expect(n.json().code).toBe('MUST_BIND_EMAIL');
    const missing = await upload(alice, [{ name: '01 Opening.lrc', data: b64(OPENING) }], 999999);
    expect(missing.json().code).toBe('WORK_NOT_FOUND');
    expect(await rows()).toEqual([]);
  });

  it('refuses hostile uploads with their reason and keeps nothing', async () => {
    const good = { name: '01 Opening.lrc', data: b64(OPENING) };
    const bomb = zipSync({ 'a.lrc': new Uint8Array(15 * 1024 * 1024).fill(0x20) }, { level: 9 });
    const manyEntries = zipSync(
      Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`s${i}.lrc`, enc.encode(OPENING)])),
      { level: 0 },
    );
    const zipEscape = zipSync({ '../../x.lrc': enc.encode(OPENING) });
    const hundredThousand = Array.from({ length: 100_000 }, (_, i) => `[00:01.00]${i % 10}`).join('\n');
    const wrongEncoding = Buffer.concat([
      Buffer.from('[00:01.00]'),
      Buffer.alloc(300, 0xff),
      Buffer.from('\n'),
    ]);
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const cases: [Json[], string, Json?][] = [
      [[good, { name: 'bomb.zip', data: b64(bomb) }], 'SUBTITLE_ZIP', { name: 'bomb.zip' }],
      [[{ name: 'many.zip', data: b64(manyEntries) }], 'SUBTITLE_ZIP'],
      [[{ name: 'escape.zip', data: b64(zipEscape) }], 'SUBTITLE_BAD_NAME'],
      [[{ name: '../../x.lrc', data: b64(OPENING) }], 'SUBTITLE_BAD_NAME'],
      [[{ name: 'C:\\x.lrc', data: b64(OPENING) }], 'SUBTITLE_BAD_NAME'],
      [[good, { name: 'long.lrc', data: b64(hundredThousand) }], 'SUBTITLE_TOO_MANY_LINES', { max: 20000 }],
      [[{ name: 'odd.lrc', data: b64(wrongEncoding) }], 'SUBTITLE_ENCODING'],
      [[{ name: 'x.lrc', data: b64(lrc([1, '<script>alert(1)</script>'])) }], 'SUBTITLE_MARKUP'],
      [
        [{ name: 'x.vtt', data: b64('WEBVTT\n\n00:01.000 --> 00:02.000\n<img src=x onerror=alert(1)>\n') }],
        'SUBTITLE_MARKUP',
      ],
      [[{ name: 'cover.lrc', data: b64(png) }], 'SUBTITLE_BINARY'],
      [[{ name: 'notes.txt', data: b64(OPENING) }], 'SUBTITLE_FORMAT'],
      [[{ name: 'empty.lrc', data: b64('just words\nno times') }], 'SUBTITLE_NO_CUES'],
      [[{ name: '01 Opening.lrc', data: b64(lrc([1, 'a'], [400, 'far after the end'])) }], 'SUBTITLE_TIMING'],
      [[{ name: 'unrelated name.lrc', data: b64(lrc([1, 'a'])) }], 'SUBTITLE_NO_TRACK'],
      [[{ name: 'x.lrc', data: b64(OPENING), fileId: 999999 }], 'SUBTITLE_NO_TRACK'],
    ];
    for (const [files, code, params] of cases) {
      const res = await upload(alice, files);
      expect(
        { code: res.json().code, status: res.statusCode < 500 },
        files.map((f) => f.name).join(),
      ).toEqual({
        code,
        status: true,
      });
      expect(res.json().error).toEqual(expect.any(String));
      if (params) expect(res.json().params).toMatchObject(params);
    }
    expect(await rows()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('takes a zip of lrc files, matched to the tracks, pending until reviewed', async () => {
    const zip = zipSync({
      'subs/01 Opening.lrc': enc.encode(OPENING),
      'subs/02 Main.lrc': enc.encode(MAIN),
      'subs/readme.txt': enc.encode('thanks'),
    });
    const res = await upload(alice, [{ name: 'night-en.zip', data: b64(zip) }]);
    expect(res.statusCode).toBe(200);
    const sent = res.json().contributions as Json[];
    const byName = Object.fromEntries(sent.map((c) => [c.name, c]));
    const idOf = (p: string) => tracks.find((f) => f.path === p)!.id;
    expect(byName['01 Opening.lrc']).toMatchObject({
      fileId: idOf('01 Opening.mp3'),
      trackTitle: '01 Opening.mp3',
      status: 'pending',
      language: 'en',
      contributor: 'alice1',
      note: 'first try',
      version: null,
      cues: 3,
    });
    expect(byName['02 Main.lrc'].fileId).toBe(idOf('02 Main.mp3'));
    // Stored by id, never by the sent name.
    expect(stored()).toEqual(sent.map((c) => `${c.id}.txt`).sort());

    const again = await upload(alice, [{ name: '01 Opening.lrc', data: b64(OPENING) }]);
    expect(again.json().code).toBe('SUBTITLE_DUPLICATE');

    const mine = (await t.app.inject({ url: '/api/subtitles/mine', headers: alice })).json().contributions;
    expect(mine.map((c: Json) => c.status)).toEqual(['pending', 'pending']);
    // Pending: not served, readable by its contributor and reviewers only.
    expect((await lyricsOf('01 Opening.mp3')) ?? []).toEqual([]);
    expect((await subtitled()).works.map((w: Json) => w.id)).not.toContain(WORK);
    const id = byName['01 Opening.lrc'].id;
    expect((await t.app.inject({ url: `/api/subtitles/${id}/text`, headers: bob })).statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/subtitles/${id}/text`, headers: alice });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(OPENING);
    expect(own.headers['content-type']).toMatch(/^text\/plain/);
    expect((await t.app.inject({ url: '/api/admin/subtitles', headers: bob })).json().code).toBe(
      'ADMIN_ONLY',
    );
    const queue = (await t.app.inject({ url: '/api/admin/subtitles', headers: admin })).json().contributions;
    expect(queue.map((c: Json) => c.name).sort()).toEqual(['01 Opening.lrc', '02 Main.lrc']);
  });

  it('accepts one and rejects another with a reason; the accepted one reaches everyone', async () => {
    const before = (await subtitled()).pagination.totalCount;
    const queue = (await t.app.inject({ url: '/api/admin/subtitles', headers: admin })).json().contributions;
    const opening = queue.find((c: Json) => c.name === '01 Opening.lrc');
    const main = queue.find((c: Json) => c.name === '02 Main.lrc');

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${main.id}/reject`,
      headers: admin,
      payload: { reason: '   ' },
    });
    expect(noReason.json().code).toBe('SUBTITLE_REASON_REQUIRED');
    const byListener = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${opening.id}/accept`,
      headers: bob,
      payload: {},
    });
    expect(byListener.json().code).toBe('ADMIN_ONLY');

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${opening.id}/accept`,
      headers: admin,
      payload: {},
    });
    expect(accepted.json().contribution).toMatchObject({
      status: 'accepted',
      version: 1,
      reviewedBy: 'rooty',
    });
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${main.id}/reject`,
      headers: admin,
      payload: { reason: 'The timing drifts by two seconds' },
    });
    expect(rejected.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${main.id}/accept`,
      headers: admin,
      payload: {},
    });
    expect(twice.json().code).toBe('SUBTITLE_NOT_PENDING');

    const mine = (await t.app.inject({ url: '/api/subtitles/mine', headers: alice })).json().contributions;
    expect(mine.find((c: Json) => c.id === main.id)).toMatchObject({
      status: 'rejected',
      reason: 'The timing drifts by two seconds',
    });
    expect(stored()).toEqual([`${opening.id}.txt`]);

    const [lyric] = await lyricsOf('01 Opening.mp3');
    expect(lyric).toMatchObject({
      title: '01 Opening [en].lrc',
      source: 'community',
      contributor: 'alice1',
      language: 'en',
      version: 1,
    });
    const text = await t.app.inject({ url: new URL(lyric.mediaDownloadUrl).pathname });
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe(OPENING);
    expect((await lyricsOf('02 Main.mp3')) ?? []).toEqual([]);

    const after = await subtitled();
    expect(after.works.map((w: Json) => w.id)).toContain(WORK);
    expect(after.pagination.totalCount).toBe(before + 1);
    const work = (await t.app.inject({ url: `/api/work/${WORK}` })).json();
    expect(work.has_subtitle).toBe(true);

    const audit = (
      await t.app.inject({ url: '/api/admin/audit?action=subtitle.accept', headers: admin })
    ).json();
    expect(audit.entries[0]).toMatchObject({ actor: 'rooty', action: 'subtitle.accept' });
    const audit2 = (
      await t.app.inject({ url: '/api/admin/audit?action=subtitle.reject', headers: admin })
    ).json();
    expect(audit2.entries[0].details).toMatchObject({ reason: 'The timing drifts by two seconds' });
  });

  it('puts a newer version through the queue and accepts a corrected text as version 2', async () => {
    const opening = tracks.find((f) => f.path === '01 Opening.mp3')!;
    const v2 = lrc([1, 'Good evening'], [6, 'Shall we begin']);
    const res = await upload(bob, [{ name: 'opening-better.lrc', data: b64(v2), fileId: opening.id }]);
    expect(res.statusCode).toBe(200);
    const id = res.json().contributions[0].id;
    // Still version 1 until reviewed.
    expect((await lyricsOf('01 Opening.mp3')).map((l: Json) => l.contributor)).toEqual(['alice1']);

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${id}/accept`,
      headers: admin,
      payload: { text: '<script>x</script>' },
    });
    expect(bad.json().code).toBe('SUBTITLE_MARKUP');
    const fixed = lrc([1, 'Good evening.'], [6, 'Shall we begin?']);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subtitles/${id}/accept`,
      headers: admin,
      payload: { text: fixed },
    });
    expect(ok.json().contribution).toMatchObject({ status: 'accepted', version: 2, corrected: true });
    const lyrics = await lyricsOf('01 Opening.mp3');
    expect(lyrics.map((l: Json) => [l.contributor, l.version])).toEqual([['bobby', 2]]);
    const text = await t.app.inject({ url: `/api/subtitles/${id}/text` });
    expect(text.body).toBe(fixed);
    const older = (await rows()).find((r) => r.contributor === 'alice1' && r.version === 1);
    expect(older?.status).toBe('superseded');
    expect(older?.sha256).toBe(createHash('sha256').update(OPENING).digest('hex'));
  });

  it('serves accepted subtitles to Subsonic players with their language and credit', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/app-passwords',
      headers: bob,
      payload: { name: 'Phone' },
    });
    const secret = made.json().secret as string;
    const s = 'salt123';
    const md5 = createHash('md5')
      .update(secret + s)
      .digest('hex');
    const opening = tracks.find((f) => f.path === '01 Opening.mp3')!;
    const qs = new URLSearchParams({
      u: 'bobby',
      t: md5,
      s,
      c: 'test',
      v: '1.16.1',
      f: 'json',
      id: `tr-${opening.id}`,
    });
    const res = await t.app.inject({ url: `/rest/getLyricsBySongId?${qs}` });
    const body = res.json()['subsonic-response'];
    expect(body.status).toBe('ok');
    const [lyrics] = body.lyricsList.structuredLyrics;
    expect(lyrics).toMatchObject({ lang: 'en', synced: true });
    expect(lyrics.displayArtist).toContain('bobby');
    expect(lyrics.line).toEqual([
      { start: 1000, value: 'Good evening.' },
      { start: 6000, value: 'Shall we begin?' },
    ]);
  });

  it('refuses uploads beyond the storage quota', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { changes: { subtitleQuotaMb: 0 } },
    });
    expect(set.statusCode).toBe(200);
    const before = (await rows()).length;
    const res = await upload(bob, [{ name: '02 Main.lrc', data: b64(MAIN) }], WORK, 'ja');
    expect(res.json().code).toBe('SUBTITLE_QUOTA');
    expect((await rows()).length).toBe(before);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { changes: { subtitleQuotaMb: null } },
    });
  });
});
