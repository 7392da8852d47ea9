/**
 * Media sign-in without a token in the URL (the media cookie), `?token=` kept for third-party
 * clients, and request logs that never hold a secret from a query string.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/logging.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const AUDIO = Buffer.alloc(4000, 3);

describe.each(DIALECTS)('media sign-in (%s)', (dialect) => {
  let ta: TestApp;
  let fileId: number;
  beforeAll(async () => {
    ta = await startTestApp(dialect, { allowAnonymousMedia: false });
    fs.mkdirSync(path.join(ta.config.libraryRoots[0]!, 'RJ01441165'), { recursive: true });
    fs.writeFileSync(path.join(ta.config.libraryRoots[0]!, 'RJ01441165', '01.mp3'), AUDIO);
    await seedWorks(ta.db, [
      {
        id: 1441165,
        title: 'work',
        folder_path: 'RJ01441165',
        files: [{ path: '01.mp3', type: 'audio', size: AUDIO.length, duration: 1 }],
      },
    ]);
    fileId = (await ta.db.selectFrom('files').select('id').executeTakeFirstOrThrow()).id;
    await createUser(ta.db, { name: 'listener', password: 'listener-pw' });
  });
  afterAll(() => ta.close());

  const signIn = () =>
    ta.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'listener', password: 'listener-pw' },
    });
  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

  it('sets the token as an HttpOnly cookie that only media requests carry', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sasayaki_media=[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(setCookie).toContain('Path=/api/media;');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
  });

  it('streams with the cookie and refuses without it', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const url = `/api/media/stream/${fileId}`;
    const ok = await ta.app.inject({ url, headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(AUDIO)).toBe(true);
    expect(
      (await ta.app.inject({ url: `/api/media/download/${fileId}`, headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await ta.app.inject({ url })).statusCode).toBe(401);
  });

  it('ignores the cookie outside media routes, so other sites cannot act with it', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const me = await ta.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.loggedIn).toBe(false);
  });

  it('still accepts ?token= from third-party clients', async () => {
    const { token } = (await signIn()).json();
    const res = await ta.app.inject({ url: `/api/media/stream/${fileId}?token=${token}` });
    expect(res.statusCode).toBe(200);
  });

  it('hands the cookie to a session from before it existed, and clears it on logout', async () => {
    const { token } = (await signIn()).json();
    const me = await ta.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(String(me.headers['set-cookie'])).toMatch(/^sasayaki_media=\S+; Path=\/api\/media;/);
    const out = await ta.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^sasayaki_media=; Path=\/api\/media; .*Max-Age=0/);
  });
});

describe('request logs', () => {
  it('redact secrets in query strings and keep the rest', () => {
    expect(redactUrl('/api/media/stream/7?token=abc.def.ghi&v=1')).toBe(
      '/api/media/stream/7?token=[redacted]&v=1',
    );
    expect(redactUrl('/x?Token=a&sig=b&code=123456&q=ok')).toBe(
      '/x?Token=[redacted]&sig=[redacted]&code=[redacted]&q=ok',
    );
    expect(redactUrl('/x?%74oken=a')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/api/works?page=2')).toBe('/api/works?page=2');
  });

  it('never write a media token to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const ta = await startTestApp('sqlite', {}, { logger: { level: 'info', stream } });
    try {
      await ta.app.inject({ url: '/api/media/stream/1?token=SECRET-TOKEN-123&x=1' });
      const log = lines.join('');
      expect(log).toContain('/api/media/stream/1?token=[redacted]&x=1');
      expect(log).not.toContain('SECRET-TOKEN-123');
    } finally {
      await ta.close();
    }
  });
});
