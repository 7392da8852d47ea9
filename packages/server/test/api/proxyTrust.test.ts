/**
 * Forwarding headers over real HTTP: believed only from a configured proxy, and never allowed to
 * move the absolute URLs of an answer to another host.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../../src/config.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('SASAYAKI_TRUST_PROXY', () => {
  it('is off by default and reads a list of addresses, CIDRs and range names', () => {
    expect(trustedProxies(undefined)).toEqual([]);
    expect(trustedProxies('')).toEqual([]);
    expect(trustedProxies(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything that is not an address: "true" would trust the whole internet', () => {
    for (const bad of ['true', '1', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2']) {
      expect(() => trustedProxies(bad)).toThrow(/SASAYAKI_TRUST_PROXY/);
    }
  });
});

async function guestToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'guest', password: 'guest' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe.each(DIALECTS)('forwarding headers over HTTP (%s)', (dialect) => {
  for (const trusted of [false, true]) {
    describe(trusted ? 'behind a trusted proxy (127.0.0.1)' : 'with no proxy configured', () => {
      let ta: TestApp;
      let base: string;
      beforeAll(async () => {
        ta = await startTestApp(dialect, {
          guestRateLimitPerMinute: 3,
          trustProxy: trusted ? ['127.0.0.1', '::1'] : [],
        });
        await seedWorks(ta.db, [
          { id: 1441165, title: 'work', files: [{ path: '01.mp3', type: 'audio', size: 10, duration: 1 }] },
        ]);
        base = await ta.app.listen({ host: '127.0.0.1', port: 0 });
      });
      afterAll(() => ta.close());

      it(
        trusted ? 'limits the guest per forwarded client address' : 'ignores a rotating X-Forwarded-For',
        async () => {
          const token = await guestToken(base);
          const codes: number[] = [];
          for (let i = 0; i < 8; i++) {
            const res = await fetch(`${base}/api/health`, {
              headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `203.0.113.${i % 2}` },
            });
            codes.push(res.status);
          }
          // Two forwarded clients: each gets its own 3 only when the proxy is trusted.
          const ok = trusted ? 6 : 3;
          expect(codes).toEqual([...Array(ok).fill(200), ...Array(8 - ok).fill(429)]);
        },
      );

      it('builds absolute URLs on the request’s own Host, never X-Forwarded-Host', async () => {
        const res = await fetch(`${base}/api/tracks/1441165?v=1`, {
          headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        });
        expect(res.status).toBe(200);
        const [node] = (await res.json()) as { mediaStreamUrl: string }[];
        const origin = trusted ? base.replace(/^http:/, 'https:') : base;
        expect(node?.mediaStreamUrl).toMatch(new RegExp(`^${origin}/api/media/stream/\\d+$`));
      });
    });
  }

  it('answers 400 to a Host header that is not a host name', async () => {
    const ta = await startTestApp(dialect);
    try {
      await seedWorks(ta.db, [
        { id: 7, title: 'work', files: [{ path: '01.mp3', type: 'audio', size: 10, duration: 1 }] },
      ]);
      const res = await ta.app.inject({ url: '/api/tracks/7?v=1', headers: { host: 'evil.example/"><x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_HOST' });
    } finally {
      await ta.close();
    }
  });
});

describe('forwarding headers from an address that is not trusted', () => {
  /** An app on SQLite whose log lines are collected, on a real port. */
  async function appWithLog(trustProxy: string[]) {
    const lines: { msg: string; level: number }[] = [];
    const stream = { write: (s: string) => lines.push(JSON.parse(s)) };
    const ta = await startTestApp(
      'sqlite',
      { libraryRoots: [], trustProxy, logLevel: 'warn' },
      { logger: { stream } },
    );
    const app = ta.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const warnings = () => lines.filter((l) => l.msg.includes('SASAYAKI_TRUST_PROXY'));
    return {
      base,
      warnings,
      close: ta.close,
    };
  }

  it('logs one warning naming SASAYAKI_TRUST_PROXY, not one per request', async () => {
    const t = await appWithLog([]);
    try {
      await fetch(`${t.base}/api/health`);
      // Before: nothing was said at all, and media URLs silently came back as http://.
      expect(t.warnings()).toHaveLength(0);
      for (let i = 0; i < 5; i++) {
        await fetch(`${t.base}/api/health`, {
          headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4' },
        });
      }
      expect(t.warnings()).toHaveLength(1);
      expect(t.warnings()[0]?.msg).toMatch(/127\.0\.0\.1.*x-forwarded-for.*SASAYAKI_TRUST_PROXY/);
    } finally {
      await t.close();
    }
  });

  it('says nothing when the forwarding proxy is trusted', async () => {
    const t = await appWithLog(['127.0.0.1', '::1']);
    try {
      for (let i = 0; i < 3; i++) {
        await fetch(`${t.base}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      }
      expect(t.warnings()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
