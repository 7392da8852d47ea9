import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DIALECTS, openTestDb, type TestDb } from './helpers/db.ts';

describe.each(DIALECTS)('framework-level bad input on %s', (dialect) => {
  let t: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-app-'));
    app = await buildApp({ config: loadConfig({ SASAYAKI_DATA: dataDir }), db: t, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it.each([
    ['an over-long path parameter', `/api/search/${'a'.repeat(3000)}`],
    ['a malformed percent escape', '/api/search/%E0%A4%A'],
  ])('%s answers 4xx with {error} only', async (_name, url) => {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    const body = r.json();
    expect(typeof body.error).toBe('string');
    // Not Fastify's own `{statusCode, code, error, message}` shape.
    expect(body).not.toHaveProperty('code');
    expect(body).not.toHaveProperty('message');
  });

  it('a huge number in localSubtitledWorks is a 400, not a 500', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/works',
      payload: { subtitle: 1, localSubtitledWorks: [1e300] },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toEqual(expect.any(String));
  });

  it('a body that is not JSON is a 400 with {error}', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/works',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json())).toEqual(['error']);
  });
});
