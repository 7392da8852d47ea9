/**
 * The two sets of security headers (src/securityHeaders.ts) over real HTTP: the app's pages, the
 * API docs and worker scripts run under the app's policy; API answers, errors, assets and
 * Subsonic answers say "run nothing, never framed, never sniffed" in a few bytes.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_HEADERS,
  RESOURCE_HEADERS,
  RESOURCE_POLICY,
  securityHeadersFor,
} from '../../src/securityHeaders.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('security headers', () => {
  let ta: TestApp;
  let base = '';
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sasayaki</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js'), 'export {};');
    fs.writeFileSync(path.join(dist, 'assets/import.worker-AbC123.js'), 'postMessage(1);');
    fs.writeFileSync(path.join(dist, 'assets/index-AbC123.css'), 'body{}');
    ta = await startTestApp('sqlite', {}, { webDist: dist });
    await ta.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ta.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ta.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The security headers of an answer, as a browser receives them. */
  const headersOf = async (url: string) => {
    const res = await fetch(`${base}${url}`);
    await res.arrayBuffer();
    const out: Record<string, string> = {};
    for (const name of Object.keys(DOCUMENT_HEADERS)) {
      const v = res.headers.get(name);
      if (v !== null) out[name] = v;
    }
    return { status: res.status, headers: out };
  };

  it("gives the app's pages, the API docs and worker scripts the app's policy and every header", async () => {
    for (const url of [
      '/',
      '/works',
      '/work/RJ01000001?x=1',
      '/api/docs',
      '/sw.js',
      '/assets/import.worker-AbC123.js',
    ]) {
      const { status, headers } = await headersOf(url);
      expect(status, url).toBeLessThan(400);
      expect(headers, url).toEqual(DOCUMENT_HEADERS);
    }
    expect(DOCUMENT_HEADERS['content-security-policy']).toContain("script-src 'self'");
    expect(DOCUMENT_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('gives API answers, errors, assets and Subsonic answers the short set', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/works?pageSize=1', 200],
      ['/api/works?page=0', 400],
      ['/api/no-such-route', 404],
      ['/api/media/stream/no-such-file', 400],
      ['/api/cover/RJ99999999.jpg', 404],
      ['/assets/index-AbC123.js', 200],
      ['/assets/index-AbC123.css', 200],
      ['/rest/ping.view?f=json', 200],
    ] as const) {
      const res = await headersOf(url);
      expect(res.status, url).toBe(status);
      expect(res.headers, url).toEqual(RESOURCE_HEADERS);
    }
    // Nothing runs in such an answer opened on its own, and nothing frames it.
    expect(RESOURCE_POLICY).toMatch(/^default-src 'none';/);
    expect(RESOURCE_POLICY).not.toMatch(/script-src|'unsafe-eval'|\*/);
    expect(RESOURCE_POLICY).toContain("frame-ancestors 'none'");
  });

  it('the short set is a third of the full one', () => {
    const bytes = (h: Readonly<Record<string, string>>) =>
      Object.entries(h).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    expect(bytes(RESOURCE_HEADERS)).toBeLessThan(bytes(DOCUMENT_HEADERS) / 3);
  });

  it('never gives a path under /api/ (but its docs) the app policy, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (rest, query) => {
        if (/^docs(\/|$|\?)/.test(rest)) return;
        expect(securityHeadersFor(`/api/${rest}?${query}`)).toBe(RESOURCE_HEADERS);
        expect(securityHeadersFor(`/rest/${rest}`)).toBe(RESOURCE_HEADERS);
      }),
    );
    // Names that only look alike keep the app's policy: they are pages of the app.
    expect(securityHeadersFor('/apis')).toBe(DOCUMENT_HEADERS);
    expect(securityHeadersFor('/api-docs')).toBe(DOCUMENT_HEADERS);
    expect(securityHeadersFor('/api/docs/static/index.html')).toBe(DOCUMENT_HEADERS);
    expect(securityHeadersFor('/api/docsx')).toBe(RESOURCE_HEADERS);
  });
});
