/**
 * Response serialisers are compiled once per schema (http/serializers.ts): the app's some 1,300
 * route and status pairs share a few dozen, and the answers are the ones each route gave before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCounts } from '../../src/http/serializers.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('shared response serialisers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compiles each schema once however many routes answer with it', () => {
    // Compiled per route and status, as Fastify does by default, this was 1,289 (2026-11-27).
    expect(serializerCounts.compiled).toBeGreaterThan(10);
    expect(serializerCounts.compiled).toBeLessThan(200);
    expect(serializerCounts.reused).toBeGreaterThan(5 * serializerCounts.compiled);
  });
});
