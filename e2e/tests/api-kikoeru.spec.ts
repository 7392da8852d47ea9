/**
 * Black-box: the kikoeru web front end (kikoeru-quasar, written for kikoeru-express) pointed at
 * this server. Replays its calls in its order: login, the three calls of every page load, the
 * works list, a random pick, entity pages, search, a work page with both cover forms, playback
 * with ranges, the lyric lookup and the progress/rating/favourites calls. Every answer must be
 * 2xx and carry the keys that front end reads, with their types (docs/compatibility.md).
 */
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';

type Type = 'number' | 'string' | 'boolean' | 'null' | 'array' | 'object';
type Keys = Record<string, Type | `${Type}|${Type}`>;

/**
 * Every listed key present with one of its types (what the front end's templates read). The
 * mismatches are collected and asserted once: one `expect` per key would make every list check
 * hundreds of reported steps.
 */
function keyErrors(value: unknown, keys: Keys, where: string): string[] {
  const obj = value as Record<string, unknown>;
  return Object.entries(keys).flatMap(([key, types]) => {
    const v = obj?.[key];
    const actual = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    return types.split('|').includes(actual) ? [] : [`${where}.${key} is ${actual}, expected ${types}`];
  });
}

function expectKeys(value: unknown, keys: Keys, where: string): void {
  expect(keyErrors(value, keys, where)).toEqual([]);
}

async function ok<T>(r: APIResponse): Promise<T> {
  expect(r.status(), `${r.url()}: ${(await r.text()).slice(0, 200)}`).toBeGreaterThanOrEqual(200);
  expect(r.status(), r.url()).toBeLessThan(300);
  return (await r.json()) as T;
}

interface Work {
  id: number;
  title: string;
  release: string;
  circle: { id: number; name: string };
  tags: { id: number; name: string }[];
  vas: { id: string; name: string }[];
  userRating: number | null;
  progress?: string | null;
}
interface WorkList {
  works: Work[];
  pagination: { currentPage: number; pageSize: number; totalCount: number };
}
interface TrackNode {
  type: string;
  title: string;
  hash?: string;
  mediaStreamUrl?: string;
  duration?: number;
  availableLyrics?: { title: string; hash?: string }[];
  children?: TrackNode[];
}

/** Keys the work card, the work details and the favourites list read. */
const WORK_KEYS: Keys = {
  id: 'number',
  title: 'string',
  release: 'string',
  circle: 'object',
  tags: 'array',
  vas: 'array',
  nsfw: 'boolean',
  price: 'number',
  dl_count: 'number',
  rate_average_2dp: 'number',
  rate_count: 'number',
  review_count: 'number',
  rate_count_detail: 'array',
  userRating: 'number|null',
};

function expectWorkList(body: WorkList, where: string): void {
  const errors = [
    ...keyErrors(body, { works: 'array', pagination: 'object' }, where),
    ...keyErrors(body.pagination, { currentPage: 'number', pageSize: 'number', totalCount: 'number' }, where),
  ];
  for (const w of body.works ?? []) {
    const at = `${where} work ${w.id}`;
    errors.push(...keyErrors(w, WORK_KEYS, at), ...keyErrors(w.circle, { id: 'number', name: 'string' }, at));
    for (const t of w.tags ?? []) errors.push(...keyErrors(t, { id: 'number', name: 'string' }, `${at} tag`));
    for (const v of w.vas ?? []) errors.push(...keyErrors(v, { id: 'string', name: 'string' }, `${at} va`));
    for (const r of (w as unknown as { rate_count_detail?: unknown[] }).rate_count_detail ?? []) {
      errors.push(
        ...keyErrors(r, { review_point: 'number', count: 'number', ratio: 'number' }, `${at} rating`),
      );
    }
  }
  expect(errors).toEqual([]);
}

const files = (nodes: TrackNode[]): TrackNode[] =>
  nodes.flatMap((n) => (n.type === 'folder' ? files(n.children ?? []) : [n]));

/** What the front end's axios instance sends once a token is in local storage. */
const session = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(request: APIRequestContext): Promise<string> {
  const name = `kikoeru_${randomBytes(4).toString('hex')}`;
  await ok(await request.post('/api/auth/reg', { data: { name, password: 'listener' } }));
  const login = await ok<{ token: string }>(
    await request.post('/api/auth/me', { data: { name, password: 'listener' } }),
  );
  expectKeys(login, { token: 'string' }, 'login');
  return login.token;
}

test('a kikoeru front end session: page load, lists, work page, playback, lyrics, reviews', async ({
  request,
}) => {
  const token = await signIn(request);
  const headers = session(token);
  const get = <T>(url: string) => request.get(url, { headers }).then((r) => ok<T>(r));

  // MainLayout.mounted: initUser, checkUpdate, readSharedConfig.
  const me = await get<{ user: { name: string; group: string }; auth: boolean; reg: boolean }>(
    '/api/auth/me',
  );
  expectKeys(me, { user: 'object', auth: 'boolean', reg: 'boolean' }, 'auth/me');
  expectKeys(me.user, { name: 'string', group: 'string' }, 'auth/me user');
  const version = await get('/api/version');
  expectKeys(
    version,
    {
      update_available: 'boolean',
      notifyUser: 'boolean',
      lockFileExists: 'boolean',
      lockReason: 'null|string',
    },
    'version',
  );
  const shared = await get<{ sharedConfig: { rewindSeekTime: number; forwardSeekTime: number } }>(
    '/api/config/shared',
  );
  expectKeys(shared.sharedConfig, { rewindSeekTime: 'number', forwardSeekTime: 'number' }, 'config/shared');
  expect(shared.sharedConfig.rewindSeekTime).toBeGreaterThan(0);
  // A former address some installed copies still call.
  expectKeys(await get('/api/me'), { user: 'object', auth: 'boolean' }, '/api/me');

  // Works page: infinite scroll in the front end's default order, then every sort option.
  const first = await get<WorkList>('/api/works?order=release&sort=desc&page=1');
  expectWorkList(first, 'works');
  expect(first.works.length).toBeGreaterThan(0);
  const second = await get<WorkList>('/api/works?order=release&sort=desc&page=2');
  expectWorkList(second, 'works page 2');
  expect(second.pagination.currentPage).toBe(2);
  for (const [order, sort] of [
    ['rating', 'desc'],
    ['release', 'asc'],
    ['dl_count', 'desc'],
    ['price', 'asc'],
    ['rate_average_2dp', 'desc'],
    ['review_count', 'desc'],
    ['id', 'asc'],
    ['nsfw', 'desc'],
  ]) {
    expectWorkList(await get<WorkList>(`/api/works?order=${order}&sort=${sort}&page=1`), `works ${order}`);
  }
  const random = await get<WorkList>('/api/works?order=betterRandom');
  expect(random.works).toHaveLength(1);

  // Circle, tag and voice actor lists, each entity's page title and its works.
  for (const kind of ['circles', 'tags', 'vas'] as const) {
    const list = await get<{ id: number | string; name: string; count: number }[]>(`/api/${kind}/`);
    expect(list.length, kind).toBeGreaterThan(0);
    const item = list[0]!;
    expectKeys(item, { name: 'string', count: 'number' }, kind);
    expectKeys(await get(`/api/${kind}/${item.id}`), { name: 'string' }, `${kind}/${item.id}`);
    const works = await get<WorkList>(
      `/api/${kind}/${encodeURIComponent(String(item.id))}/works?order=release&sort=desc&page=1`,
    );
    expectWorkList(works, `${kind} works`);
    expect(works.pagination.totalCount).toBe(item.count);
  }
  const found = await get<WorkList>(
    `/api/search/${encodeURIComponent('RJ123456')}?order=release&sort=desc&page=1`,
  );
  expectWorkList(found, 'search');
  expect(found.works.map((w) => w.id)).toEqual([123456]);

  // Work page: metadata, tree, and the cover in the front end's form and the metadata's form.
  const work = await get<Work>('/api/work/123456');
  expectKeys(work, { ...WORK_KEYS, progress: 'null|string' }, 'work');
  const tree = await get<TrackNode[]>('/api/tracks/123456');
  const audio = files(tree).filter((f) => f.type === 'audio');
  expect(audio.length).toBeGreaterThan(0);
  for (const f of audio) {
    expectKeys(f, { title: 'string', hash: 'string', mediaStreamUrl: 'string', duration: 'number' }, f.title);
  }
  for (const type of ['main', 'sam', '240x240']) {
    const bare = await request.get(`/api/cover/123456?type=${type}`, { headers });
    const jpg = await request.get(`/api/cover/123456.jpg?type=${type}`);
    for (const r of [bare, jpg]) {
      expect(r.status(), r.url()).toBe(200);
      expect(r.headers()['content-type'], r.url()).toBe('image/jpeg');
    }
    expect((await bare.body()).equals(await jpg.body()), type).toBe(true);
  }

  // Playback: the audio element loads mediaStreamUrl?token= and asks for ranges while seeking.
  const track = audio[0]!;
  const source = `${track.mediaStreamUrl}?token=${token}`;
  const head = await request.get(source, { headers: { range: 'bytes=0-' } });
  expect(head.status()).toBe(206);
  const size = Number(/\/(\d+)$/.exec(head.headers()['content-range'] ?? '')?.[1]);
  expect(size).toBeGreaterThan(1000);
  const middle = await request.get(source, { headers: { range: `bytes=1000-1999` } });
  expect(middle.status()).toBe(206);
  expect(middle.headers()['content-range']).toBe(`bytes 1000-1999/${size}`);
  expect((await middle.body()).equals((await head.body()).subarray(1000, 2000))).toBe(true);

  // Lyrics: check-lrc with the track hash, then the text from /api/media/stream/{hash}.
  const lrc = await get<{ result: boolean; hash: string; message: string }>(
    `/api/media/check-lrc/${track.hash}?token=${token}`,
  );
  expectKeys(lrc, { result: 'boolean', hash: 'string', message: 'string' }, 'check-lrc');
  expect(lrc.result).toBe(true);
  const text = await request.get(`/api/media/stream/${lrc.hash}?token=${token}`, { headers });
  expect(text.status()).toBe(200);
  expect(await text.text()).toMatch(/^\[\d{2}:\d{2}\.\d{2}\]/m);

  // Progress from the work page, a star rating from the card, then the favourites list.
  const message = await ok<{ message: string }>(
    await request.put('/api/review?starOnly=false&progressOnly=true', {
      headers,
      data: { user_name: me.user.name, work_id: 123456, progress: 'listening' },
    }),
  );
  expectKeys(message, { message: 'string' }, 'review progress');
  await ok(
    await request.put('/api/review', {
      headers,
      data: { user_name: me.user.name, work_id: 123456, rating: 4 },
    }),
  );
  const favourites = await get<WorkList>('/api/review?order=release&sort=desc&page=1&filter=listening');
  expectWorkList(favourites, 'favourites');
  expect(favourites.works.map((w) => [w.id, w.userRating, w.progress])).toEqual([[123456, 4, 'listening']]);
  await ok(await request.delete('/api/review?work_id=123456', { headers }));
});

test('check-lrc finds the LRC of every track that has one, in every encoding, and only those', async ({
  request,
}) => {
  const list = await ok<WorkList>(await request.get('/api/works?order=id&sort=asc&pageSize=100'));
  let withLrc = 0;
  for (const w of list.works) {
    for (const f of files(await ok<TrackNode[]>(await request.get(`/api/tracks/${w.id}`)))) {
      if (f.type !== 'audio') continue;
      const lrcs = (f.availableLyrics ?? []).filter((l) => /\.lrc$/i.test(l.title));
      const answer = await ok<{ result: boolean; hash: string }>(
        await request.get(`/api/media/check-lrc/${f.hash}`),
      );
      expect(answer.result, f.title).toBe(lrcs.length > 0);
      if (!answer.result) {
        expect(answer.hash).toBe('');
        continue;
      }
      withLrc++;
      expect(lrcs.map((l) => l.hash)).toContain(answer.hash);
      // What the browser does with the answer: decode by the announced charset, parse as LRC.
      const r = await request.get(`/api/media/stream/${answer.hash}`);
      const charset = /charset=([^;]+)/.exec(r.headers()['content-type'] ?? '')?.[1] ?? 'utf-8';
      const lyric = new TextDecoder(charset, { fatal: true }).decode(await r.body());
      expect(lyric, `${w.id} ${f.title}`).toMatch(/^\uFEFF?\[\d{2}:\d{2}\.\d{2}\]\S/m);
    }
  }
  expect(withLrc).toBeGreaterThan(5);
});
