/**
 * The contract's route table and the running app agree: every operation of the table is
 * registered at each of its paths, and every /api operation the app answers is in the table.
 */
import { methodsOf, pathsOf, ROUTE_LIST } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp.ts';

/** `/api/work/:id` → `/api/work/{id}`, as the OpenAPI document names paths. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

const tableOperations = new Set(
  ROUTE_LIST.flatMap((r) => pathsOf(r).flatMap((p) => methodsOf(r).map((m) => `${m} ${openApiPath(p)}`))),
);

describe('the route table', () => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp('sqlite');
  });
  afterAll(() => ta.close());

  it('is registered: every method at every path of every route', () => {
    const missing = ROUTE_LIST.flatMap((r) =>
      pathsOf(r).flatMap((url) =>
        methodsOf(r)
          .filter((method) => !ta.app.hasRoute({ method, url }))
          .map((method) => `${method} ${url}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('holds every /api operation the app answers', () => {
    const doc = ta.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const answered = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(answered.length).toBeGreaterThan(50);
    // Fastify answers HEAD for every GET route by itself.
    const outside = answered.filter(
      (op) =>
        !tableOperations.has(op) && !(op.startsWith('HEAD ') && tableOperations.has(`GET ${op.slice(5)}`)),
    );
    expect(outside).toEqual([]);
  });

  it('names each operation once', () => {
    const all = ROUTE_LIST.flatMap((r) => pathsOf(r).flatMap((p) => methodsOf(r).map((m) => `${m} ${p}`)));
    expect(all.length).toBe(new Set(all).size);
  });
});
