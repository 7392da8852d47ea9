import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/db.ts';
import { startTestApp, type TestApp } from './helpers/testApp.ts';

describe.each(DIALECTS)('framework-level bad input on %s', (dialect) => {
  let ta: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    app = ta.app;
  });
  afterAll(async () => {
    await ta.close();
  });

  it.each([
    ['an over-long path parameter', `/api/search/${'a'.repeat(3000)}`, 414, 'URL_TOO_LONG'],
    ['a malformed percent escape', '/api/search/%E0%A4%A', 400, 'BAD_REQUEST'],
  ])('%s answers 4xx with {error, code} of the catalogue', async (_name, url, status, code) => {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(status);
    const body = r.json();
    expect(typeof body.error).toBe('string');
    // Not Fastify's own `{statusCode, code, error, message}` shape, nor its FST_ codes.
    expect(body.code).toBe(code);
    expect(body).not.toHaveProperty('message');
    expect(body).not.toHaveProperty('statusCode');
  });

  it('answers an unknown API route, a schema failure and a missing token with their codes', async () => {
    const route = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect([route.statusCode, route.json()]).toEqual([
      404,
      {
        error: 'Not found: GET /api/no-such-thing',
        code: 'ROUTE_NOT_FOUND',
        params: { method: 'GET', path: '/api/no-such-thing' },
      },
    ]);
    const invalid = await app.inject({ method: 'POST', url: '/api/auth/me', payload: { name: 5 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      error: expect.stringMatching(/^Invalid request: /),
    });
    expect(invalid.json().details).toEqual(expect.any(Array));
    const anonymous = await app.inject({ method: 'GET', url: '/api/review' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      401,
      { error: 'No authorization token was found', code: 'NO_TOKEN' },
    ]);
    const expired = await app.inject({
      method: 'GET',
      url: '/api/review',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect([expired.statusCode, expired.json()]).toEqual([
      401,
      { error: 'jwt expired', code: 'JWT_EXPIRED' },
    ]);
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
    expect(Object.keys(r.json()).sort()).toEqual(['code', 'error', 'params']);
    expect(r.json().code).toBe('BAD_REQUEST');
  });
});
