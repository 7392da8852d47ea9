/**
 * Black-box compatibility: the calls existing third-party clients (downloaders, mobile apps, a
 * terminal client) make, replayed against the real server on the demo library, with the answers
 * checked the way a strict Go/Kotlin decoder reads them (docs/compatibility.md maps each client
 * behaviour to the test that pins it). Only the API is used: no database, no server code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';

// ---------- a strict decoder: every listed key present, with its JSON type ----------

/** 'int' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'any', `?` = nullable. */
type Shape = string | Shape[] | { [key: string]: Shape };

function decode(value: unknown, shape: Shape, path = '$', errors: string[] = []): string[] {
  if (typeof shape === 'string') {
    const nullable = shape.endsWith('?');
    const base = nullable ? shape.slice(0, -1) : shape;
    if (value === undefined) errors.push(`${path}: missing`);
    else if (value === null) {
      if (!nullable && base !== 'any') errors.push(`${path}: null, expected ${base}`);
    } else if (
      (base === 'int' && !Number.isInteger(value)) ||
      (base === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) ||
      (base === 'string' && typeof value !== 'string') ||
      (base === 'boolean' && typeof value !== 'boolean') ||
      (base === 'array' && !Array.isArray(value)) ||
      (base === 'object' && (typeof value !== 'object' || Array.isArray(value)))
    ) {
      errors.push(`${path}: ${JSON.stringify(value)} is not ${base}`);
    }
    return errors;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) errors.push(`${path}: not an array`);
    else {
      for (const [i, item] of value.entries()) decode(item, shape[0] as Shape, `${path}[${i}]`, errors);
    }
    return errors;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(`${path}: not an object`);
    return errors;
  }
  for (const [key, sub] of Object.entries(shape)) {
    if (!(key in value)) errors.push(`${path}.${key}: missing`);
    else decode((value as Record<string, unknown>)[key], sub, `${path}.${key}`, errors);
  }
  return errors;
}

function expectShape(value: unknown, shape: Shape): void {
  expect(decode(value, shape)).toEqual([]);
}

const I18N_NAME = { name: 'string' };
const TAG: Shape = {
  id: 'int',
  name: 'string',
  i18n: { 'en-us': I18N_NAME, 'ja-jp': I18N_NAME, 'zh-cn': I18N_NAME },
  upvote: 'int',
  downvote: 'int',
  voteRank: 'number',
  voteStatus: 'int',
  myVote: 'int',
};
const WORK: Record<string, Shape> = {
  id: 'int',
  source_id: 'string',
  source_type: 'string',
  source_url: 'string',
  title: 'string',
  circle_id: 'int',
  name: 'string',
  circle: { id: 'int', name: 'string', source_id: 'string', source_type: 'string' },
  vas: [{ id: 'string', name: 'string' }],
  tags: [TAG],
  nsfw: 'boolean',
  age_category_string: 'string',
  release: 'string',
  create_date: 'string',
  dl_count: 'int',
  price: 'int',
  review_count: 'int',
  rate_count: 'int',
  rate_average_2dp: 'number',
  rate_count_detail: [{ review_point: 'int', count: 'int', ratio: 'number' }],
  rank: 'array?',
  has_subtitle: 'boolean',
  duration: 'int',
  language_editions: [
    {
      lang: 'string',
      label: 'string',
      workno: 'string',
      edition_id: 'int',
      edition_type: 'string',
      display_order: 'int',
    },
  ],
  other_language_editions_in_db: [
    {
      id: 'int',
      lang: 'string',
      title: 'string',
      source_id: 'string',
      is_original: 'boolean',
      source_type: 'string',
    },
  ],
  translation_info: {
    lang: 'string?',
    is_original: 'boolean',
    is_parent: 'boolean',
    is_child: 'boolean',
    original_workno: 'string?',
    parent_workno: 'string?',
    child_worknos: ['string'],
  },
  original_workno: 'string?',
  work_attributes: 'string',
  samCoverUrl: 'string',
  thumbnailCoverUrl: 'string',
  mainCoverUrl: 'string',
  userRating: 'int?',
};
/** `/api/work/{id}`: one downloader deletes these keys without a default. */
const WORK_DETAIL: Shape = {
  ...WORK,
  review_text: 'string?',
  progress: 'string?',
  updated_at: 'string?',
  user_name: 'string?',
};
const PAGINATION: Shape = { currentPage: 'int', pageSize: 'int', totalCount: 'int' };
const USER: Shape = {
  loggedIn: 'boolean',
  name: 'string',
  group: 'string',
  email: 'string?',
  recommenderUuid: 'string',
};
const PLAYLIST: Shape = {
  id: 'string',
  user_name: 'string',
  privacy: 'int',
  locale: 'string',
  playback_count: 'int',
  name: 'string',
  description: 'string',
  created_at: 'string',
  updated_at: 'string',
  works_count: 'int',
  latestWorkID: 'int?',
  mainCoverUrl: 'string',
};
// `code` is additive (docs/compatibility.md "Error answers"): clients reading only `error` are unaffected.
const ERROR: Shape = { error: 'string', code: 'string' };

// ---------- what the clients compute themselves ----------

const VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';

/** RFC 4122 version-5 UUID, computed here so the test does not trust the server's helper. */
function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(Buffer.from(name, 'utf8'))
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Work {
  id: number;
  source_id: string;
  circle_id: number;
  title: string;
  create_date: string;
  vas: { id: string; name: string }[];
  tags: { id: number; name: string }[];
  samCoverUrl: string;
  thumbnailCoverUrl: string;
  mainCoverUrl: string;
  [key: string]: unknown;
}
interface WorkList {
  works: Work[];
  pagination: { currentPage: number; pageSize: number; totalCount: number };
}
interface FileNode {
  type: 'audio' | 'text' | 'image' | 'other';
  hash: string;
  title: string;
  work: { id: number; source_id: string; source_type: string };
  workTitle: string;
  mediaStreamUrl: string;
  mediaDownloadUrl: string;
  streamLowQualityUrl: string;
  duration?: number;
  size: number;
  availableLyrics?: { title: string; confidence: number; mediaDownloadUrl: string }[];
}
interface FolderNode {
  type: 'folder';
  title: string;
  children: TrackNode[];
}
type TrackNode = FileNode | FolderNode;

function filesOf(nodes: TrackNode[], path = ''): (FileNode & { path: string })[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' ? filesOf(n.children, `${path}${n.title}/`) : [{ ...n, path: `${path}${n.title}` }],
  );
}

async function json<T>(r: APIResponse, status = 200): Promise<T> {
  expect(r.status(), `${r.url()} → ${await r.text()}`).toBe(status);
  expect(r.headers()['content-type']).toMatch(/^application\/json/);
  return (await r.json()) as T;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function login(request: APIRequestContext, name: string, password: string): Promise<string> {
  const body = await json<{ token: string }>(
    await request.post('/api/auth/me', { data: { name, password } }),
  );
  return body.token;
}

async function register(request: APIRequestContext): Promise<{ name: string; token: string }> {
  const name = `client_${randomBytes(4).toString('hex')}`;
  const body = await json<{ token: string; user: { name: string } }>(
    await request.post('/api/auth/reg', {
      data: { name, password: 'client-pass', recommenderUuid: '3b241101-e2bb-4255-8caf-4136c566a962' },
    }),
  );
  expect(body.user.name).toBe(name);
  return { name, token: body.token };
}

let allWorks: Work[] = [];
async function everyWork(request: APIRequestContext): Promise<Work[]> {
  if (allWorks.length) return allWorks;
  const list = await json<WorkList>(await request.get('/api/works?order=id&sort=asc&page=1&pageSize=100'));
  expect(list.pagination.totalCount).toBe(list.works.length);
  allWorks = list.works;
  return allWorks;
}

async function tree(request: APIRequestContext, id: number | string, v = 1): Promise<TrackNode[]> {
  return json<TrackNode[]>(await request.get(`/api/tracks/${id}?v=${v}`));
}

/** All file nodes of all works, each with its path inside the work. */
async function everyFile(request: APIRequestContext): Promise<(FileNode & { path: string })[]> {
  const out: (FileNode & { path: string })[] = [];
  for (const w of await everyWork(request)) out.push(...filesOf(await tree(request, w.id)));
  return out;
}

// ---------- health and auth ----------

test('health answers the plain text OK that clients compare against', async ({ request }) => {
  const r = await request.get('/api/health');
  expect(r.status()).toBe(200);
  expect(await r.text()).toBe('OK');
});

test('guest/guest login answers {token, user} with a JWT carrying exp, and the token works', async ({
  request,
}) => {
  const r = await request.post('/api/auth/me', { data: { name: 'guest', password: 'guest' } });
  const body = await json<{ token: string; user: { name: string; group: string; loggedIn: boolean } }>(r);
  expectShape(body, { token: 'string', user: USER });
  expect(body.user).toMatchObject({ name: 'guest', loggedIn: true });
  const parts = body.token.split('.');
  expect(parts).toHaveLength(3);
  const payload = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
  expect(Number.isInteger(payload.exp)).toBe(true);
  expect(payload.exp).toBeGreaterThan(Date.now() / 1000);

  const me = await json<{ user: { name: string; loggedIn: boolean } }>(
    await request.get('/api/auth/me', { headers: bearer(body.token) }),
  );
  expectShape(me, { user: USER, auth: 'boolean', reg: 'boolean' });
  expect(me.user).toMatchObject({ name: 'guest', loggedIn: true });

  const anonymous = await json<{ user: { loggedIn: boolean } }>(await request.get('/api/auth/me'));
  expectShape(anonymous, { user: { loggedIn: 'boolean' }, auth: 'boolean', reg: 'boolean' });
  expect(anonymous.user.loggedIn).toBe(false);
  expectShape(await json(await request.get('/api/auth/reg')), { reg: 'boolean' });
});

test('login refuses short names and wrong passwords with {error}, never a 500', async ({ request }) => {
  const short = await request.post('/api/auth/me', { data: { name: 'abc', password: 'guest' } });
  expect(short.status()).toBeGreaterThanOrEqual(400);
  expect(short.status()).toBeLessThan(500);
  expectShape(await short.json(), ERROR);
  const wrong = await request.post('/api/auth/me', { data: { name: 'guest', password: 'not-the-password' } });
  expect(wrong.status()).toBe(401);
  expectShape(await wrong.json(), ERROR);
  const protectedCall = await request.get('/api/review');
  expect(protectedCall.status()).toBe(401);
  expect(await protectedCall.json()).toEqual({ error: 'No authorization token was found', code: 'NO_TOKEN' });
});

// ---------- works ----------

test('the works list paginates by create_date desc with the shape clients decode', async ({ request }) => {
  const page1 = await json<WorkList>(
    await request.get('/api/works?order=create_date&sort=desc&page=1&pageSize=20'),
  );
  expectShape(page1, { works: [WORK], pagination: PAGINATION });
  expect(page1.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
  expect(page1.works).toHaveLength(Math.min(20, page1.pagination.totalCount));
  const dates = page1.works.map((w) => w.create_date);
  expect(dates).toEqual([...dates].sort().reverse());

  const page2 = await json<WorkList>(
    await request.get('/api/works?order=create_date&sort=desc&page=2&pageSize=20'),
  );
  expect(page2.pagination).toEqual({ ...page1.pagination, currentPage: 2 });
  expect(page2.works).toHaveLength(page1.pagination.totalCount - 20);
  const ids = [...page1.works, ...page2.works].map((w) => w.id);
  expect(new Set(ids).size).toBe(page1.pagination.totalCount);
});

test('every work has every documented key with its type and value format', async ({ request }) => {
  const works = await everyWork(request);
  expect(works.length).toBeGreaterThan(20);
  for (const w of works) {
    expectShape(w, WORK);
    expect(['general', 'r15', 'adult']).toContain(w.age_category_string);
    // A work whose metadata has no release date answers "" (still a string for strict decoders).
    if (w.release !== '') expect(w.release).toMatch(DATE);
    expect(w.create_date).toMatch(DATE);
    expect(w.source_id).toMatch(/^(RJ|BJ|VJ)\d{6,8}$/);
    expect(w.userRating).toBeNull();
    for (const d of w.rate_count_detail as { review_point: number }[]) {
      expect(d.review_point).toBeGreaterThanOrEqual(1);
      expect(d.review_point).toBeLessThanOrEqual(5);
    }
  }
});

test('voice actor ids are UUIDv5 of the name in the shared namespace', async ({ request }) => {
  const vas = (await everyWork(request)).flatMap((w) => w.vas);
  expect(vas.length).toBeGreaterThan(10);
  for (const va of vas) expect(va.id, va.name).toBe(uuidV5(va.name, VA_NAMESPACE));
  // A vector computed independently (Python's uuid.uuid5), so this test's own helper is pinned too.
  expect(uuidV5('Alice Harper', VA_NAMESPACE)).toBe('75bdcd62-e4e7-5c78-a022-c7cffdb46476');
});

test('/api/work/{id} always carries the keys one downloader deletes without a default', async ({
  request,
}) => {
  const anonymous = await json<Record<string, unknown>>(await request.get('/api/work/RJ01234567'));
  expectShape(anonymous, WORK_DETAIL);
  for (const key of [
    'has_subtitle',
    'create_date',
    'userRating',
    'review_text',
    'progress',
    'updated_at',
    'user_name',
  ]) {
    expect(anonymous, key).toHaveProperty(key);
  }
  expect(anonymous).toMatchObject({ userRating: null, review_text: null, progress: null, user_name: null });
  const guest = await login(request, 'guest', 'guest');
  expectShape(await json(await request.get('/api/work/1234567', { headers: bearer(guest) })), WORK_DETAIL);
  expectShape(await json(await request.get('/api/workInfo/1234567')), WORK);
});

test('/api/workInfo/{id} and /api/work/{id} agree on every field but the caller’s own', async ({
  request,
}) => {
  const { token } = await register(request);
  for (const w of (await everyWork(request)).slice(0, 8)) {
    const info = await json<Record<string, unknown>>(await request.get(`/api/workInfo/${w.id}`));
    const mine = await json<Record<string, unknown>>(
      await request.get(`/api/work/${w.id}`, { headers: bearer(token) }),
    );
    const own = ['review_text', 'progress', 'updated_at', 'user_name'];
    for (const key of own) expect(mine[key], key).toBeNull();
    const without = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).filter(([k]) => !own.includes(k)));
    expect(without(mine)).toEqual(without(info));
  }
});

test('work ids in paths: RJ code, zero-padded digits and the plain number agree', async ({ request }) => {
  for (const [forms, id] of [
    [['RJ01234567', '01234567', '1234567', 'rj01234567'], 1234567],
    [['RJ123456', '123456'], 123456],
    [['VJ015001', '200015001'], 200015001],
    [['BJ301234', '100301234'], 100301234],
  ] as const) {
    const answers = [];
    for (const form of forms) answers.push(await json<Work>(await request.get(`/api/work/${form}`)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]?.id).toBe(id);
    const infos = [];
    for (const form of forms) infos.push(await json<Work>(await request.get(`/api/workInfo/${form}`)));
    for (const a of infos) expect(a.id).toBe(id);
    const trees = [];
    for (const form of forms) trees.push(await tree(request, form));
    for (const t of trees) expect(t).toEqual(trees[0]);
  }
});

test('cover URLs are absolute and serve JPEG', async ({ request, baseURL }) => {
  const w = (await everyWork(request))[0] as Work;
  for (const [url, type] of [
    [w.samCoverUrl, 'sam'],
    [w.thumbnailCoverUrl, '240x240'],
    [w.mainCoverUrl, 'main'],
  ] as const) {
    expect(url).toBe(`${baseURL}/api/cover/${w.id}.jpg?type=${type}`);
    const r = await request.get(url);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toBe('image/jpeg');
    const body = await r.body();
    expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  }
});

test('unknown works answer 404 {error} on every work route', async ({ request }) => {
  for (const path of ['/api/work/RJ09999999', '/api/workInfo/9999999', '/api/tracks/9999999?v=1']) {
    const r = await request.get(path);
    expect(r.status(), path).toBe(404);
    expectShape(await r.json(), ERROR);
  }
  const bad = await request.get('/api/work/not-a-code');
  expect(bad.status()).toBe(400);
  expectShape(await bad.json(), ERROR);
});

// ---------- search ----------

test('search takes a URL-encoded keyword with $, :, spaces and %2F', async ({ request }) => {
  const works = await everyWork(request);
  const slashTag = works.flatMap((w) => w.tags).find((t) => t.name.includes('/'));
  expect(slashTag, 'the demo library has a tag with a slash').toBeDefined();
  const tagName = (slashTag as { name: string }).name;
  const withTag = works.filter((w) => w.tags.some((t) => t.name === tagName));
  const va = (withTag[0] as Work).vas[0]?.name as string;
  const keyword = `$tag:${tagName}$ $va:${va}$`;
  const encoded = encodeURIComponent(keyword);
  expect(encoded).toContain('%2F');
  const found = await json<WorkList>(await request.get(`/api/search/${encoded}?page=1&pageSize=100`));
  expectShape(found, { works: [WORK], pagination: PAGINATION });
  const expected = withTag.filter((w) => w.vas.some((v) => v.name === va)).map((w) => w.id);
  expect(expected.length).toBeGreaterThan(0);
  expect(found.works.map((w) => w.id).sort()).toEqual(expected.sort());
  expect(found.pagination.totalCount).toBe(expected.length);

  const excluded = await json<WorkList>(
    await request.get(`/api/search/${encodeURIComponent(`$-tag:${tagName}$`)}?pageSize=100`),
  );
  expect(excluded.pagination.totalCount).toBe(works.length - withTag.length);
  expect(excluded.works.some((w) => w.tags.some((t) => t.name === tagName))).toBe(false);

  const code = await json<WorkList>(await request.get('/api/search/RJ01234567'));
  expect(code.works.map((w) => w.id)).toEqual([1234567]);
});

// ---------- track tree ----------

test('track trees (v=1 and v=2) have integer-hash file nodes with absolute URLs', async ({
  request,
  baseURL,
}) => {
  for (const w of await everyWork(request)) {
    const v1 = await tree(request, w.id, 1);
    const v2 = await tree(request, w.id, 2);
    expect(v2).toEqual(v1);
    const files = filesOf(v1);
    expect(files.length, w.source_id).toBeGreaterThan(0);
    for (const f of files) {
      const at = `${w.source_id}/${f.path}`;
      expectShape(f, {
        type: 'string',
        hash: 'string',
        title: 'string',
        work: { id: 'int', source_id: 'string', source_type: 'string' },
        workTitle: 'string',
        mediaStreamUrl: 'string',
        mediaDownloadUrl: 'string',
        streamLowQualityUrl: 'string',
        size: 'int',
      });
      expect(['audio', 'text', 'image', 'other'], at).toContain(f.type);
      expect(f.hash.split('/'), at).toHaveLength(2);
      const [workPart, filePart] = f.hash.split('/') as [string, string];
      expect(workPart).toBe(String(w.id));
      expect(filePart, at).toMatch(/^[1-9]\d*$/);
      expect(f.work).toEqual({ id: w.id, source_id: w.source_id, source_type: 'DLSITE' });
      expect(f.workTitle).toBe(w.title);
      expect(f.mediaStreamUrl.startsWith(`${baseURL}/`), at).toBe(true);
      expect(f.mediaDownloadUrl.startsWith(`${baseURL}/`), at).toBe(true);
      expect(f.streamLowQualityUrl === '' || f.streamLowQualityUrl.startsWith(`${baseURL}/`), at).toBe(true);
      if (f.type === 'audio') {
        expect(typeof f.duration, at).toBe('number');
        expect(f.duration, at).toBeGreaterThan(0);
        expectShape(f.availableLyrics, [
          { title: 'string', confidence: 'number', mediaDownloadUrl: 'string' },
        ]);
      }
    }
  }
});

test('has_subtitle and duration agree with the track tree', async ({ request }) => {
  for (const w of await everyWork(request)) {
    const files = filesOf(await tree(request, w.id));
    const subtitles = files.filter((f) => /\.(lrc|vtt|srt|ass)$/i.test(f.title));
    expect(w.has_subtitle, w.source_id).toBe(subtitles.length > 0);
    const audio = files.filter((f) => f.type === 'audio').map((f) => f.duration as number);
    expect(audio.length, w.source_id).toBeGreaterThan(0);
    // Works shipping one recording in several formats (mp3 + wav) count it once.
    expect(w.duration as number, w.source_id).toBeGreaterThanOrEqual(Math.floor(Math.max(...audio)));
    expect(w.duration as number, w.source_id).toBeLessThanOrEqual(
      Math.ceil(audio.reduce((s, d) => s + d, 0)),
    );
  }
});

test('downloads name the file by its title (UTF-8 filename*)', async ({ request }) => {
  const files = (await everyFile(request))
    .filter((f) => [...f.title].some((c) => (c.codePointAt(0) as number) > 0x7f))
    .slice(0, 10);
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const r = await request.head(f.mediaDownloadUrl);
    const disposition = r.headers()['content-disposition'] ?? '';
    expect(disposition).toMatch(/^attachment;/);
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    expect(decodeURIComponent(star ?? ''), f.path).toBe(f.title);
  }
});

test('every file node downloads with exactly `size` bytes (a downloader resumes until it has `size`)', async ({
  request,
}) => {
  const files = await everyFile(request);
  expect(files.length).toBeGreaterThan(100);
  const wrong: string[] = [];
  for (const f of files) {
    const r = await request.get(f.mediaDownloadUrl);
    const got = r.status() === 200 ? (await r.body()).length : -r.status();
    if (got !== f.size) wrong.push(`${f.hash} ${f.type} "${f.path}": size ${f.size}, downloaded ${got}`);
  }
  expect(wrong).toEqual([]);
});

// ---------- media ----------

test('a resumable, ranged download like a downloader does', async ({ request }) => {
  const audio = (await everyFile(request))
    .filter((f) => f.type === 'audio')
    .sort((a, b) => b.size - a.size)[0];
  expect(audio).toBeDefined();
  const { mediaDownloadUrl: url, size } = audio as FileNode;

  const head = await request.head(url);
  expect(head.status()).toBe(200);
  expect(Number(head.headers()['content-length'])).toBe(size);

  const open = await request.get(url, { headers: { Range: 'bytes=0-' } });
  expect(open.status()).toBe(206);
  expect(open.headers()['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
  expect(Number(open.headers()['content-length'])).toBe(size);

  const full = await request.get(url);
  expect(full.status()).toBe(200);
  const whole = await full.body();
  expect(whole.length).toBe(size);
  expect((await open.body()).equals(whole)).toBe(true);

  // Three ranged chunks, resumed from what is on "disk", as a multi-part downloader splits a file.
  const cuts = [0, Math.floor(size / 3), Math.floor((2 * size) / 3), size];
  const parts: Buffer[] = [];
  for (let i = 0; i < 3; i++) {
    const from = cuts[i] as number;
    const to = (cuts[i + 1] as number) - 1;
    const r = await request.get(url, { headers: { Range: `bytes=${from}-${to}` } });
    expect(r.status()).toBe(206);
    expect(r.headers()['content-range']).toBe(`bytes ${from}-${to}/${size}`);
    expect(Number(r.headers()['content-length'])).toBe(to - from + 1);
    parts.push(await r.body());
  }
  expect(Buffer.concat(parts).equals(whole)).toBe(true);

  const past = await request.get(url, { headers: { Range: `bytes=${size}-` } });
  expect(past.status()).toBe(416);
});

test('a downloader session: mirror a work folder by resuming each file until it has `size`', async ({
  request,
}) => {
  const guest = await login(request, 'guest', 'guest');
  const found = await json<WorkList>(
    await request.get(`/api/search/${encodeURIComponent('RJ01234567')}`, { headers: bearer(guest) }),
  );
  const work = found.works[0] as Work;
  const files = filesOf(await tree(request, work.id));
  expect(
    files.some((f) => f.path.includes('/')),
    'the work has a subfolder',
  ).toBe(true);
  for (const f of files) {
    // Titles become local file names: no separators, no dot segments.
    expect(f.title).not.toMatch(/[/\\]/);
    expect(['', '.', '..']).not.toContain(f.title);
    const local: Buffer[] = [];
    let have = 0;
    // A wrong `size` would make a real downloader loop forever; here it ends the test.
    for (let round = 0; have < f.size && round < 10; round++) {
      const end = Math.min(f.size, have + Math.ceil(f.size / 3)) - 1;
      const r = await request.get(`${f.mediaDownloadUrl}?token=${guest}`, {
        headers: { Range: `bytes=${have}-${end}` },
      });
      expect(r.status(), f.path).toBe(206);
      const part = await r.body();
      expect(part.length, f.path).toBe(end - have + 1);
      local.push(part);
      have += part.length;
    }
    expect(have, f.path).toBe(f.size);
    const whole = await (await request.get(f.mediaDownloadUrl)).body();
    expect(Buffer.concat(local).equals(whole), f.path).toBe(true);
  }
});

test('range forms download managers send: suffix, open end past the size, If-Range', async ({ request }) => {
  const audio = (await everyFile(request)).find((f) => f.type === 'audio') as FileNode;
  const { mediaDownloadUrl: url, size } = audio;
  const whole = await (await request.get(url)).body();

  const suffix = await request.get(url, { headers: { Range: 'bytes=-100' } });
  expect(suffix.status()).toBe(206);
  expect(suffix.headers()['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
  expect((await suffix.body()).equals(whole.subarray(size - 100))).toBe(true);

  const clamped = await request.get(url, { headers: { Range: `bytes=10-${size * 10}` } });
  expect(clamped.status()).toBe(206);
  expect(clamped.headers()['content-range']).toBe(`bytes 10-${size - 1}/${size}`);

  const head = await request.head(url);
  const lastModified = head.headers()['last-modified'] as string;
  expect(lastModified).toBeTruthy();
  const resumed = await request.get(url, { headers: { Range: 'bytes=100-', 'If-Range': lastModified } });
  expect(resumed.status()).toBe(206);
  expect((await resumed.body()).equals(whole.subarray(100))).toBe(true);
  // The file changed since (another validator): the whole file again, not a mismatched tail.
  const stale = await request.get(url, { headers: { Range: 'bytes=100-', 'If-Range': '"an-old-etag"' } });
  expect(stale.status()).toBe(200);
  expect((await stale.body()).length).toBe(size);
});

test('parallel ranged chunks (the Go client splits a file once it sees 206) reassemble the file', async ({
  request,
  baseURL,
}) => {
  const audio = (await everyFile(request))
    .filter((f) => f.type === 'audio')
    .sort((a, b) => b.size - a.size)[0];
  const { mediaDownloadUrl: url, size } = audio as FileNode;
  // Only a Referer, as some players send: anonymous media is on by default.
  const probe = await request.get(url, { headers: { Range: 'bytes=0-', Referer: `${baseURL}/` } });
  expect(probe.status()).toBe(206);
  const chunk = Math.ceil(size / 4);
  const parts = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const from = i * chunk;
      const to = Math.min(size, from + chunk) - 1;
      const r = await request.get(url, { headers: { Range: `bytes=${from}-${to}` } });
      expect(r.status()).toBe(206);
      expect(r.headers()['content-range']).toBe(`bytes ${from}-${to}/${size}`);
      return r.body();
    }),
  );
  expect(Buffer.concat(parts).equals(await probe.body())).toBe(true);
});

test('?token= on media URLs is accepted, and anonymous media works by default', async ({ request }) => {
  const audio = (await everyFile(request)).find((f) => f.type === 'audio') as FileNode;
  const token = await login(request, 'guest', 'guest');
  const anonymous = await request.get(audio.mediaStreamUrl);
  expect(anonymous.status()).toBe(200);
  for (const url of [audio.mediaStreamUrl, audio.mediaDownloadUrl]) {
    const r = await request.get(`${url}?token=${encodeURIComponent(token)}`);
    expect(r.status()).toBe(200);
    expect((await r.body()).equals(await anonymous.body())).toBe(true);
    const head = await request.head(`${url}?token=${encodeURIComponent(token)}`);
    expect(Number(head.headers()['content-length'])).toBe(audio.size);
  }
  // The hash form {workId}/{fileId} of the same file.
  const byHash = await request.get(`/api/media/stream/${audio.hash}`);
  expect((await byHash.body()).equals(await anonymous.body())).toBe(true);
});

test('FLAC is served as audio/flac', async ({ request }) => {
  const flac = (await everyFile(request)).filter((f) => /\.flac$/i.test(f.title));
  expect(flac.length, 'the demo library has FLAC files').toBeGreaterThan(0);
  for (const f of flac) {
    const r = await request.head(f.mediaStreamUrl);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type'], f.path).toBe('audio/flac');
  }
  const body = await (await request.get((flac[0] as FileNode).mediaStreamUrl)).body();
  expect(body.subarray(0, 4).toString('latin1')).toBe('fLaC');
});

test('text files carry their detected charset, and decode cleanly with it', async ({ request }) => {
  const texts = (await everyFile(request)).filter((f) => /\.(lrc|vtt|srt|ass|txt)$/i.test(f.title));
  expect(texts.length).toBeGreaterThan(10);
  const charsets = new Set<string>();
  for (const f of texts) {
    const r = await request.get(f.mediaStreamUrl);
    expect(r.status(), f.path).toBe(200);
    const charset = /charset=([^;]+)/i
      .exec(r.headers()['content-type'] ?? '')?.[1]
      ?.trim()
      .toLowerCase();
    expect(charset, `${f.hash} ${f.path}`).toBeDefined();
    charsets.add(charset as string);
    const text = new TextDecoder(charset as string, { fatal: true }).decode(await r.body());
    expect(text.length).toBeGreaterThan(0);
  }
  // The demo library has Shift_JIS / GBK subtitles: at least one legacy charset must be detected.
  expect([...charsets].some((c) => c !== 'utf-8')).toBe(true);
});

test('lyrics of audio nodes are fetchable from mediaDownloadUrl without auth', async ({
  request,
  baseURL,
}) => {
  const withLyrics = (await everyFile(request)).filter(
    (f) => f.type === 'audio' && f.availableLyrics?.length,
  );
  expect(withLyrics.length).toBeGreaterThan(10);
  for (const f of withLyrics.slice(0, 15)) {
    for (const lyric of f.availableLyrics ?? []) {
      expect(lyric.confidence).toBeGreaterThanOrEqual(0);
      expect(lyric.confidence).toBeLessThanOrEqual(1);
      expect(lyric.mediaDownloadUrl.startsWith(`${baseURL}/`)).toBe(true);
      const r = await request.get(lyric.mediaDownloadUrl);
      expect(r.status(), lyric.mediaDownloadUrl).toBe(200);
      expect((await r.body()).length).toBeGreaterThan(0);
    }
  }
});

// ---------- entity lists ----------

test('circles, tags and vas lists answer [{id, name, count}] with counts matching the works', async ({
  request,
}) => {
  const works = await everyWork(request);
  const lists = [
    ['circles', 'int', (id: unknown) => works.filter((w) => w.circle_id === id).length],
    ['tags', 'int', (id: unknown) => works.filter((w) => w.tags.some((t) => t.id === id)).length],
    ['vas', 'string', (id: unknown) => works.filter((w) => w.vas.some((v) => v.id === id)).length],
  ] as const;
  for (const [kind, idType, countOf] of lists) {
    const items = await json<{ id: number | string; name: string; count: number }[]>(
      await request.get(`/api/${kind}/`),
    );
    expectShape(items, [{ id: idType, name: 'string', count: 'int' }]);
    expect(items.length, kind).toBeGreaterThan(2);
    for (const item of items) expect(item.count, `${kind} ${item.name}`).toBe(countOf(item.id));

    const first = items[0] as { id: number | string; name: string; count: number };
    const one = await json<{ id: unknown; name: string }>(await request.get(`/api/${kind}/${first.id}`));
    expect(one).toMatchObject({ id: first.id, name: first.name });
    const listed = await json<WorkList>(
      await request.get(`/api/${kind}/${first.id}/works?page=1&pageSize=100`),
    );
    expectShape(listed, { works: [WORK], pagination: PAGINATION });
    expect(listed.pagination.totalCount).toBe(first.count);

    const unknownId = idType === 'int' ? 987654321 : uuidV5('nobody at all', VA_NAMESPACE);
    const missing = await request.get(`/api/${kind}/${unknownId}`);
    expect(missing.status(), kind).toBe(404);
    expectShape(await missing.json(), ERROR);
  }
});

// ---------- a registered user: reviews, votes, playlists ----------

test('reviews: PUT, GET with the caller fields, filter by progress, DELETE', async ({ request }) => {
  const { name, token } = await register(request);
  const auth = bearer(token);
  const put = await request.put('/api/review', {
    headers: auth,
    data: { work_id: 'RJ01234567', rating: 4, review_text: 'ほっとする', progress: 'listening' },
  });
  expectShape(await json(put), { message: 'string' });
  await json(
    await request.put('/api/review', { headers: auth, data: { work_id: 123456, progress: 'marked' } }),
  );

  const mine = await json<WorkList>(
    await request.get('/api/review?order=updated_at&sort=desc&page=1', { headers: auth }),
  );
  expectShape(mine, { works: [WORK_DETAIL], pagination: PAGINATION });
  expect(mine.pagination.totalCount).toBe(2);
  const rated = mine.works.find((w) => w.id === 1234567);
  expect(rated).toMatchObject({
    userRating: 4,
    review_text: 'ほっとする',
    progress: 'listening',
    user_name: name,
  });
  expect(typeof rated?.updated_at).toBe('string');

  const listening = await json<WorkList>(
    await request.get('/api/review?filter=listening', { headers: auth }),
  );
  expect(listening.works.map((w) => w.id)).toEqual([1234567]);
  const detail = await json<Work>(await request.get('/api/work/RJ01234567', { headers: auth }));
  expect(detail).toMatchObject({ userRating: 4, review_text: 'ほっとする', progress: 'listening' });

  const del = await request.delete('/api/review?work_id=1234567', { headers: auth });
  expectShape(await json(del), { message: 'string' });
  const after = await json<WorkList>(await request.get('/api/review', { headers: auth }));
  expect(after.works.map((w) => w.id)).toEqual([123456]);
  await json(await request.delete('/api/review?work_id=RJ123456', { headers: auth }));
  expect((await json<WorkList>(await request.get('/api/review', { headers: auth }))).works).toEqual([]);
});

test('review inputs clients send: review_point alias, rating 0 clears, bad values 4xx', async ({
  request,
}) => {
  const { token } = await register(request);
  const auth = bearer(token);
  const rating = async () =>
    await json<{ userRating: number | null; progress: string | null }>(
      await request.get('/api/work/1234567', { headers: auth }),
    );
  await json(
    await request.put('/api/review', { headers: auth, data: { work_id: 1234567, review_point: 4 } }),
  );
  expect((await rating()).userRating).toBe(4);
  await json(
    await request.put('/api/review', { headers: auth, data: { work_id: 'RJ01234567', progress: 'replay' } }),
  );
  expect(await rating()).toMatchObject({ userRating: 4, progress: 'replay' });
  await json(await request.put('/api/review', { headers: auth, data: { work_id: 1234567, rating: 0 } }));
  expect(await rating()).toMatchObject({ userRating: null, progress: 'replay' });
  for (const [data, status] of [
    [{ work_id: 1234567, rating: 6 }, 400],
    [{ work_id: 1234567, progress: 'someday' }, 400],
    [{ work_id: 9999999, rating: 3 }, 404],
    [{ rating: 3 }, 400],
  ] as const) {
    const r = await request.put('/api/review', { headers: auth, data });
    expect(r.status(), JSON.stringify(data)).toBe(status);
    expectShape(await r.json(), ERROR);
  }
  const guest = await login(request, 'guest', 'guest');
  expect((await request.get('/api/review', { headers: bearer(guest) })).status()).toBe(200);
  await json(await request.delete('/api/review?work_id=1234567', { headers: auth }));
});

test('tag votes: guests and users without an email get the documented 403 messages', async ({ request }) => {
  const guest = await login(request, 'guest', 'guest');
  const body = {
    workID: 1234567,
    tagID: (await everyWork(request)).find((w) => w.id === 1234567)?.tags[0]?.id,
    status: 1,
  };
  const byGuest = await request.post('/api/vote/vote-work-tag', { headers: bearer(guest), data: body });
  expect(byGuest.status()).toBe(403);
  expect(await byGuest.json()).toEqual({ error: 'guest cannot vote', code: 'GUEST_VOTE' });
  const { token } = await register(request);
  const noEmail = await request.post('/api/vote/vote-work-tag', { headers: bearer(token), data: body });
  expect(noEmail.status()).toBe(403);
  expect(await noEmail.json()).toEqual({ error: 'must bind email first', code: 'MUST_BIND_EMAIL' });
});

test('playlists: create, add/remove works, list, metadata, exist status, edit, like rules, delete', async ({
  request,
}) => {
  const { name, token } = await register(request);
  const auth = bearer(token);
  const created = await json<{ id: string }>(
    await request.post('/api/playlist/create-playlist', {
      headers: auth,
      data: {
        name: 'Bedtime',
        privacy: 0,
        locale: 'ja-jp',
        description: 'for sleeping',
        works: ['RJ01234567'],
      },
    }),
  );
  expectShape(created, PLAYLIST);
  expect(created.id).toMatch(UUID);
  expect(created).toMatchObject({ user_name: name, privacy: 0, works_count: 1, name: 'Bedtime' });

  const added = await json<{ message: string; count: number }>(
    await request.post('/api/playlist/add-works-to-playlist', {
      headers: auth,
      data: { id: created.id, works: [1234567, 'RJ123456', 200015001] },
    }),
  );
  expectShape(added, { message: 'string' });

  const lists = await json<{ playlists: { id: string; works_count: number }[] }>(
    await request.get('/api/playlist/get-playlists?page=1&pageSize=12&filterBy=all', { headers: auth }),
  );
  expectShape(lists, { playlists: [PLAYLIST], pagination: PAGINATION });
  for (const p of lists.playlists) expect(p.id).toMatch(UUID);
  expect(lists.playlists.find((p) => p.id === created.id)?.works_count).toBe(3);
  const createdOnly = await json<{ playlists: { id: string }[] }>(
    await request.get('/api/playlist/get-playlists?filterBy=created', { headers: auth }),
  );
  expect(createdOnly.playlists.map((p) => p.id)).toContain(created.id);

  const meta = await json(
    await request.get(`/api/playlist/get-playlist-metadata?id=${created.id}`, { headers: auth }),
  );
  expectShape(meta, PLAYLIST);
  const works = await json<WorkList>(
    await request.get(`/api/playlist/get-playlist-works?id=${created.id}&page=1&pageSize=20`, {
      headers: auth,
    }),
  );
  expectShape(works, { works: [WORK], pagination: PAGINATION });
  expect(works.works.map((w) => w.id).sort()).toEqual([123456, 1234567, 200015001]);

  const withStatus = await json<WorkList>(
    await request.get(`/api/works?pageSize=100&withPlaylistStatus=${created.id}`, { headers: auth }),
  );
  for (const w of withStatus.works) {
    expect(w.playlistStatus).toEqual({ [created.id]: [123456, 1234567, 200015001].includes(w.id) });
  }

  await json(
    await request.post('/api/playlist/remove-works-from-playlist', {
      headers: auth,
      data: { id: created.id, works: ['RJ123456'] },
    }),
  );
  const exist = await json<{ playlists: { id: string; exist: boolean; works_count: number }[] }>(
    await request.get(
      '/api/playlist/get-work-exist-status-in-my-playlists?workID=123456&page=1&pageSize=12&version=2',
      {
        headers: auth,
      },
    ),
  );
  expectShape(exist, {
    playlists: [{ id: 'string', name: 'string', exist: 'boolean', works_count: 'int' }],
    pagination: { page: 'int', pageSize: 'int', totalCount: 'int' },
  });
  expect(exist.playlists.find((p) => p.id === created.id)).toMatchObject({ exist: false, works_count: 2 });

  const mark = await json<{ id: string }>(
    await request.get('/api/playlist/get-default-mark-target-playlist', { headers: auth }),
  );
  expectShape(mark, PLAYLIST);
  expect(mark.id).toMatch(UUID);

  const edited = await json(
    await request.post('/api/playlist/edit-playlist-metadata', {
      headers: auth,
      data: { id: created.id, name: 'Bedtime 2', privacy: 2 },
    }),
  );
  expect(edited).toMatchObject({ id: created.id, name: 'Bedtime 2', privacy: 2 });

  const ownLike = await request.post('/api/playlist/like-playlist', {
    headers: auth,
    data: { id: created.id },
  });
  expect(ownLike.status()).toBe(403);
  expect(await ownLike.json()).toEqual({ error: 'cannot like own playlist', code: 'LIKE_OWN_PLAYLIST' });
  const other = await register(request);
  const like = await request.post('/api/playlist/like-playlist', {
    headers: bearer(other.token),
    data: { id: created.id },
  });
  expectShape(await json(like), { message: 'string' });
  const liked = await json<{ playlists: { id: string }[] }>(
    await request.get('/api/playlist/get-playlists?filterBy=liked', { headers: bearer(other.token) }),
  );
  expect(liked.playlists.map((p) => p.id)).toEqual([created.id]);
  await json(
    await request.post('/api/playlist/remove-like-playlist', {
      headers: bearer(other.token),
      data: { id: created.id },
    }),
  );

  const guest = await login(request, 'guest', 'guest');
  const byGuest = await request.post('/api/playlist/create-playlist', {
    headers: bearer(guest),
    data: { name: 'x' },
  });
  expect(byGuest.status()).toBe(403);
  expect(await byGuest.json()).toEqual({ error: 'guest cannot create playlist', code: 'GUEST_PLAYLIST' });

  expectShape(
    await json(
      await request.post('/api/playlist/delete-playlist', { headers: auth, data: { id: created.id } }),
    ),
    { message: 'string' },
  );
  const gone = await request.get(`/api/playlist/get-playlist-metadata?id=${created.id}`, { headers: auth });
  expect(gone.status()).toBe(404);
  expectShape(await gone.json(), ERROR);
});

// ---------- more client habits ----------

test('registration refuses short names and passwords; a bad token on a protected call is 401', async ({
  request,
}) => {
  for (const data of [
    { name: 'abcd', password: 'long-enough' },
    { name: `ok_${randomBytes(3).toString('hex')}`, password: 'abcd' },
  ]) {
    const r = await request.post('/api/auth/reg', { data });
    expect(r.status()).toBe(400);
    expect((await r.json()).error).toMatch(/at least 5 characters/);
  }
  const bad = await request.get('/api/review', { headers: bearer('abc.def.ghi') });
  expect(bad.status()).toBe(401);
  // Every refused token answers docs/product.md §8 text that makes clients drop the session.
  expect(await bad.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
});

test('media revalidates by ETag, and the low-quality stream is audio', async ({ request }) => {
  const audio = (await everyFile(request)).find((f) => f.type === 'audio') as FileNode;
  const first = await request.get(audio.mediaStreamUrl);
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get(audio.mediaStreamUrl, { headers: { 'If-None-Match': etag as string } });
  expect(again.status()).toBe(304);
  if (audio.streamLowQualityUrl) {
    const lq = await request.get(audio.streamLowQualityUrl);
    expect(lq.status()).toBe(200);
    expect(lq.headers()['content-type']).toMatch(/^audio\//);
    expect((await lq.body()).length).toBeGreaterThan(0);
  }
});

test('covers answer by code as by number', async ({ request }) => {
  const byNumber = await request.get('/api/cover/1234567.jpg?type=sam');
  const byCode = await request.get('/api/cover/RJ01234567.jpg?type=sam');
  expect(byCode.status()).toBe(200);
  expect((await byCode.body()).equals(await byNumber.body())).toBe(true);
  const unknown = await request.get('/api/cover/RJ09999999.jpg');
  expect(unknown.status()).toBe(404);
  expectShape(await unknown.json(), ERROR);
});

test('recommender calls answer {works, pagination} of full works, and feedback is accepted', async ({
  request,
}) => {
  const recommenderUuid = '3b241101-e2bb-4255-8caf-4136c566a962';
  const common = {
    keyword: '',
    page: 1,
    pageSize: 5,
    subtitle: 0,
    localSubtitledWorks: [],
    withPlaylistStatus: [],
  };
  for (const [path, extra] of [
    ['popular', {}],
    ['recommend-for-user', { recommenderUuid }],
    ['item-neighbors', { itemId: 1234567 }],
  ] as const) {
    const got = await json<WorkList>(
      await request.post(`/api/recommender/${path}`, { data: { ...common, ...extra } }),
    );
    expectShape(got, { works: [WORK], pagination: PAGINATION });
    expect(got.works.length, path).toBeGreaterThan(0);
    expect(got.works.length, path).toBeLessThanOrEqual(5);
    if (path === 'item-neighbors') expect(got.works.map((w) => w.id)).not.toContain(1234567);
  }
  const fed = await request.post('/api/recommender/feedback', {
    data: { type: 'start', recommenderUuid, itemId: 1234567 },
  });
  expectShape(await json(fed), { message: 'string' });
  const wrong = await request.post('/api/recommender/feedback', {
    data: { type: 'nonsense', recommenderUuid, itemId: 1 },
  });
  expect(wrong.status()).toBe(400);
  expectShape(await wrong.json(), ERROR);
});

test('shared playlist links: public and unlisted open for anyone, private only for the owner', async ({
  request,
}) => {
  const owner = await register(request);
  const ids: Record<number, string> = {};
  for (const privacy of [0, 1, 2]) {
    const p = await json<{ id: string }>(
      await request.post('/api/playlist/create-playlist', {
        headers: bearer(owner.token),
        data: { name: `privacy ${privacy}`, privacy, works: [1234567] },
      }),
    );
    ids[privacy] = p.id;
  }
  const stranger = await register(request);
  for (const [privacy, visible] of [
    [0, false],
    [1, true],
    [2, true],
  ] as const) {
    for (const headers of [{}, bearer(stranger.token)]) {
      const meta = await request.get(`/api/playlist/get-playlist-metadata?id=${ids[privacy]}`, { headers });
      const works = await request.get(`/api/playlist/get-playlist-works?id=${ids[privacy]}`, { headers });
      expect(meta.status(), `privacy ${privacy}`).toBe(visible ? 200 : 404);
      expect(works.status(), `privacy ${privacy}`).toBe(visible ? 200 : 404);
      if (visible) expect(((await works.json()) as WorkList).works.map((w) => w.id)).toEqual([1234567]);
      else expectShape(await meta.json(), ERROR);
    }
    const own = await request.get(`/api/playlist/get-playlist-metadata?id=${ids[privacy]}`, {
      headers: bearer(owner.token),
    });
    expect(own.status()).toBe(200);
  }
  // A stranger cannot change someone else's playlist, whatever its privacy.
  const edit = await request.post('/api/playlist/add-works-to-playlist', {
    headers: bearer(stranger.token),
    data: { id: ids[2], works: [123456] },
  });
  expect([403, 404]).toContain(edit.status());
  expectShape(await edit.json(), ERROR);
});
