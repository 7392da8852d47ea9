/**
 * The console's reach: trustProxy refuses ranges that trust any client, mailFrom refuses control
 * characters, and /metrics counts any forwarding header as a relayed request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors.ts';
import { SETTINGS } from '../../src/siteSettings.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('settings that would open the site', () => {
  it('refuses trust in every address', () => {
    for (const wide of ['0.0.0.0/0', '::/0', '1.2.3.4/0', '0.0.0.0/1', '::/3']) {
      expect(() => SETTINGS.trustProxy.parse(['127.0.0.1', wide]), wide).toThrow(/range this wide/);
    }
    expect(SETTINGS.trustProxy.parse(['10.0.0.0/8', 'fc00::/7'])).toEqual(['10.0.0.0/8', 'fc00::/7']);
  });

  it('refuses a sender with a line break or another control character', () => {
    for (const bad of ['a@b.example\r\nBcc: x@y.example', 'a\u0000@b.example', 'a\u007f@b']) {
      expect(() => SETTINGS.mailFrom.parse(bad), JSON.stringify(bad)).toThrow(HttpError);
    }
    expect(SETTINGS.mailFrom.parse('Sasayaki <no-reply@example.org>')).toBe(
      'Sasayaki <no-reply@example.org>',
    );
  });
});

describe('/metrics behind a proxy', () => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp('sqlite');
  });
  afterAll(() => ta.close());

  it('treats any forwarding header from loopback as a relayed, non-local request', async () => {
    const scrape = (headers: Record<string, string> = {}) =>
      ta.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers });
    expect((await scrape()).statusCode).toBe(200);
    const relays: Record<string, string>[] = [
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-host': 'example.org' },
      { 'x-forwarded-proto': 'https' },
    ];
    for (const h of relays) expect((await scrape(h)).statusCode, JSON.stringify(h)).toBe(404);
  });
});

describe('the folder browser and library roots', () => {
  let ta: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    ta = await startTestApp('sqlite');
    auth = { authorization: (await account(ta, 'root1', { group: 'administrator' })).authorization };
  });
  afterAll(() => ta.close());

  const browse = (p: string) =>
    ta.app.inject({ url: `/api/admin/folders?path=${encodeURIComponent(p)}`, headers: auth });
  const addRoot = (p: string) =>
    ta.app.inject({ method: 'POST', url: '/api/admin/libraries', headers: auth, payload: { path: p } });

  it('keeps out of system folders, the data folder and the cache, through symlinks too', async () => {
    const links = path.join(ta.dir, 'links');
    fs.mkdirSync(path.join(links, 'music'), { recursive: true });
    fs.symlinkSync('/etc', path.join(links, 'etc-link'));
    fs.symlinkSync(ta.config.dataDir, path.join(links, 'data-link'));
    for (const p of [
      '/proc',
      '/proc/self/cwd',
      '/sys',
      '/dev',
      '/etc',
      '/boot',
      '/root',
      '/etc/ssl',
      ta.config.dataDir,
      path.join(links, 'etc-link'),
      path.join(links, 'data-link'),
    ]) {
      if (!fs.existsSync(p)) continue;
      const res = await browse(p);
      expect(res.json().code, p).toBe('FOLDER_FORBIDDEN');
      expect((await addRoot(p)).json().code, p).toMatch(/^FOLDER_(FORBIDDEN|IN_DATA)$/);
    }
    const top = (await browse('/')).json().folders.map((f: { name: string }) => f.name);
    for (const hidden of ['proc', 'sys', 'dev', 'etc', 'boot', 'root']) expect(top).not.toContain(hidden);
    expect(top).toContain('tmp');
    expect((await addRoot('/')).json().code).toBe('FOLDER_FORBIDDEN');
    const listed = (await browse(links)).json().folders.map((f: { name: string }) => f.name);
    expect(listed).toEqual(['music']);
    expect((await addRoot(path.join(links, 'music'))).statusCode).toBe(200);
  });
});
