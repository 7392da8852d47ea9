/**
 * The API client against a real HTTP server on 127.0.0.1: bearer token, JSON bodies, the error
 * catalogue of docs/product.md §8 and the session errors that end the session (here a stand-in session; the
 * account feature's own is tested in features/account).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { useNotifications } from '../notify/store.ts';
import { useSettings } from '../settings/store.ts';
import { call, connectSession, fillPath, urlOf } from './client.ts';
import { ApiError, errorCodeKey, errorText } from './errors.ts';

let server: Server;
let seen: { auth: string | undefined; body: string; method: string | undefined } | null = null;
let seenUrl: string | undefined;
/** What the server answers next: a status with a JSON body; 500 answers plain text. */
let reply: { status: number; body?: unknown } = { status: 200 };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((r) => {
    let b = '';
    req.on('data', (c) => (b += c));
    req.on('end', () => r(b));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen = { auth: req.headers.authorization, body: await readBody(req), method: req.method };
    seenUrl = req.url;
    if (reply.status === 500) return res.writeHead(500, 'Internal Server Error').end('boom');
    res
      .writeHead(reply.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(reply.body ?? { message: 'ok' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  useSettings.getState().set({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => {
  useSettings.getState().set({ apiBaseUrl: '' });
  return new Promise<void>((r) => server.close(() => r()));
});
let token: string | null = null;
let ended = 0;
let loginOffered = 0;
const EXPIRED = { status: 401, body: { error: 'jwt expired', code: 'JWT_EXPIRED' } };
const TOO_LONG = {
  status: 400,
  body: {
    error: 'playlist name must be at most 100 characters',
    code: 'PLAYLIST_NAME_TOO_LONG',
    params: { max: 100 },
  },
};

beforeEach(() => {
  reply = { status: 200 };
  token = null;
  ended = 0;
  loginOffered = 0;
  connectSession({ token: () => token, end: () => ended++, login: () => loginOffered++ });
  useNotifications.setState({ items: [] });
  void i18n.changeLanguage('en');
});

describe('API client', () => {
  it('sends the bearer token and a JSON body', async () => {
    token = 'tok123';
    await call('POST /api/feedback', { body: { work_id: 1, category: 'other', details: 'x' } });
    expect(seen).toEqual({
      auth: 'Bearer tok123',
      body: '{"work_id":1,"category":"other","details":"x"}',
      method: 'POST',
    });
  });

  it('sends no token when asked not to (the login call)', async () => {
    token = 'tok123';
    await call('POST /api/auth/me', { body: { name: 'x', password: 'y' } }, { auth: false });
    expect(seen?.auth).toBeUndefined();
  });

  it("'jwt expired' ends the session and offers a login in the notification", async () => {
    token = 'tok123';
    reply = EXPIRED;
    await expect(call('GET /api/auth/me', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(1);
    const [n] = useNotifications.getState().items;
    expect(n?.type).toBe('negative');
    expect(n?.message).toBe('Login expired, please log in again');
    n?.action?.onClick();
    expect(loginOffered).toBe(1);
  });

  it('a session error without a session ends nothing', async () => {
    reply = EXPIRED;
    await expect(call('GET /api/auth/me', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(0);
  });

  it('translates a known code with its params, shows an unknown one as sent, and status text otherwise', async () => {
    for (const r of [
      { status: 403, body: { error: 'guest cannot create playlist', code: 'GUEST_PLAYLIST' } },
      TOO_LONG,
      // A code of a newer server: its text is shown as sent.
      { status: 409, body: { error: 'A newer failure', code: 'SOMETHING_NEW' } },
      // The text alone no longer picks a translation: only the code does.
      { status: 403, body: { error: 'guest cannot vote' } },
      { status: 422, body: { error: 'Something specific went wrong' } },
      { status: 500 },
    ]) {
      reply = r;
      await expect(call('GET /api/auth/me', {})).rejects.toThrow();
    }
    expect(useNotifications.getState().items.map((n) => n.message)).toEqual([
      'The guest account cannot create playlists.',
      'The playlist name must be at most 100 characters.',
      'A newer failure',
      'guest cannot vote',
      'Something specific went wrong',
      '500 Internal Server Error',
    ]);
  });

  it('says a code in the interface language', async () => {
    await i18n.changeLanguage('ja');
    reply = TOO_LONG;
    await expect(call('GET /api/auth/me', {})).rejects.toThrow();
    expect(useNotifications.getState().items.map((n) => n.message)).toEqual([
      'プレイリスト名は 100 文字以内にしてください。',
    ]);
  });

  it('stays silent for a cancelled request', async () => {
    const c = new AbortController();
    c.abort();
    await expect(call('GET /api/auth/me', {}, { signal: c.signal })).rejects.toThrow();
    expect(useNotifications.getState().items).toEqual([]);
  });
});

describe('error catalogue', () => {
  it('keys the codes of docs/product.md §8 and nothing else', () => {
    expect(errorCodeKey('NO_TOKEN')).toBe('errorCodes.NO_TOKEN');
    expect(errorCodeKey('PLAYLIST_NOT_FOUND')).toBe('errorCodes.PLAYLIST_NOT_FOUND');
    expect(errorCodeKey('playlist not found')).toBeNull();
    expect(errorCodeKey('constructor')).toBeNull();
    expect(errorCodeKey(null)).toBeNull();
  });

  it('shows a non-HTTP error by its message, else Unknown error', () => {
    const t = i18n.t.bind(i18n);
    expect(errorText(new Error('disk on fire'), t)).toBe('disk on fire');
    expect(errorText('???', t)).toBe('Unknown error');
    expect(errorText(new DOMException('x', 'AbortError'), t)).toBeNull();
  });
});

describe('query strings', () => {
  it('repeat the key for each item of an array and leave out empty values', () => {
    const url = new URL(
      urlOf('GET /api/works', { query: { page: 2, withPlaylistStatus: ['a', 'b'], seed: undefined } }),
    );
    expect(url.searchParams.getAll('withPlaylistStatus')).toEqual(['a', 'b']);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('seed')).toBe(false);
  });
});

describe('call by the route table', () => {
  it('fills path parameters, URL-encoded, and refuses a missing one', () => {
    expect(fillPath('/api/search/:keyword', { keyword: 'a b/c' })).toBe('/api/search/a%20b%2Fc');
    expect(() => fillPath('/api/work/:id', {})).toThrow('missing path parameter id');
  });

  it('sends the method, path, query string and body the endpoint names', async () => {
    await call('DELETE /api/review', { query: { work_id: 7 } });
    expect([seen?.method, seenUrl]).toEqual(['DELETE', '/api/review?work_id=7']);
    await call('PUT /api/review', { body: { work_id: 7, rating: 4 } });
    expect([seen?.method, seenUrl, seen?.body]).toEqual(['PUT', '/api/review', '{"work_id":7,"rating":4}']);
    await call('GET /api/search/:keyword', { params: { keyword: '$tag:ASMR$' }, query: { page: 2 } });
    expect([seen?.method, seenUrl]).toEqual(['GET', '/api/search/%24tag%3AASMR%24?page=2']);
  });

  it('sends no body (and no JSON type) when the route takes none', async () => {
    await call('POST /api/auth/email/unlink', {});
    expect([seen?.method, seenUrl, seen?.body]).toEqual(['POST', '/api/auth/email/unlink', '']);
  });

  it('builds the URL of a GET endpoint under the configured base', () => {
    const url = new URL(
      urlOf('GET /api/media/download-zip/:workId', { params: { workId: '7' }, query: { path: 'a b' } }),
    );
    expect([url.host, url.pathname, url.searchParams.get('path')]).toEqual([
      `127.0.0.1:${(server.address() as AddressInfo).port}`,
      '/api/media/download-zip/7',
      'a b',
    ]);
  });
});
