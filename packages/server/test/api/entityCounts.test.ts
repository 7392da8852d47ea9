/**
 * The works of a circle, voice actor and tag are cached for the catalogue generation, count and
 * all (services/catalogue/lists.ts): a repeated list is answered from the cache, and a scan through one
 * instance that adds or removes a work of the entity changes the count on every instance at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WorkList } from '@sasayaki/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Db, openDb } from '../../src/db/connect.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { workCacheOf } from '../../src/services/catalogue/workCache.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';
import { writeTree } from '../scanner/helpers.ts';

const CIRCLE = 41;
const TAG = 7;
const VA = '数える声優';

/** A work folder whose sidecar names the shared circle, voice actor and tag (and one of its own). */
function work(n: number): Record<string, number | string> {
  const dir = `RJ0200000${n} 数える作品${n}`;
  return {
    [`${dir}/01.wav`]: 1,
    [`${dir}/work.json`]: JSON.stringify({
      title: `数える作品${n}`,
      circle: { id: CIRCLE, name: '数えるサークル' },
      vas: [{ name: VA }, { name: `声優${n}` }],
      tags: [
        { id: TAG, name: '数えるタグ' },
        { id: 100 + n, name: `タグ${n}` },
      ],
    }),
  };
}

describe.each(DIALECTS)('entity work counts on %s', (dialect) => {
  let ta: TestApp;
  let otherDb: Db;
  let other: FastifyInstance;
  let vaId: string;
  const library = () => ta.config.libraryRoots[0]!;
  const scan = async () => {
    const result = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    expect(result.errors).toEqual([]);
  };
  const urls = () => [
    `/api/circles/${CIRCLE}/works?pageSize=2`,
    `/api/tags/${TAG}/works?pageSize=2`,
    `/api/vas/${encodeURIComponent(vaId)}/works?pageSize=2`,
  ];
  const counts = async (app: FastifyInstance) => {
    const out: number[] = [];
    for (const url of urls()) {
      const res = await app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      out.push((res.json() as WorkList).pagination.totalCount);
    }
    return out;
  };

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    writeTree(library(), { ...work(1), ...work(2), ...work(3) });
    await scan();
    const va = await ta.db.selectFrom('vas').select('id').where('name', '=', VA).executeTakeFirstOrThrow();
    vaId = String(va.id);
    otherDb = await openDb(
      dialect === 'postgres'
        ? { databaseUrl: ta.db.databaseUrl, pgSchema: ta.db.pgSchema, poolSize: 2 }
        : { sqlitePath: ta.db.sqlitePath },
    );
    other = await buildApp({ config: ta.config, db: otherDb, logger: false });
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await ta?.close();
  });

  it('answers a repeated list from the cache, apart from the whole catalogue', async () => {
    // Asked twice: the cache keeps a page from the second time it is asked for.
    expect(await counts(ta.app)).toEqual([3, 3, 3]);
    expect(await counts(ta.app)).toEqual([3, 3, 3]);
    const pages = workCacheOf(ta.db).lookups.page;
    const hits = pages.hit;
    expect(await counts(ta.app)).toEqual([3, 3, 3]);
    expect(pages.hit - hits).toBe(3);
    // The same page size and order over another scope is another page.
    const tagOnly = await ta.app.inject({ url: `/api/tags/101/works?pageSize=2` });
    expect((tagOnly.json() as WorkList).pagination.totalCount).toBe(1);
    const all = await ta.app.inject({ url: '/api/works?pageSize=2' });
    expect((all.json() as WorkList).pagination.totalCount).toBe(3);
  });

  it('a scan adding and removing works changes the counts on both instances at once', async () => {
    // Both instances hold the counts of the current generation.
    expect(await counts(ta.app)).toEqual([3, 3, 3]);
    expect(await counts(other)).toEqual([3, 3, 3]);

    writeTree(library(), work(4));
    await scan();
    expect(await counts(other)).toEqual([4, 4, 4]);
    expect(await counts(ta.app)).toEqual([4, 4, 4]);

    fs.rmSync(path.join(library(), 'RJ02000001 数える作品1'), { recursive: true });
    fs.rmSync(path.join(library(), 'RJ02000002 数える作品2'), { recursive: true });
    await scan();
    expect(await counts(ta.app)).toEqual([2, 2, 2]);
    expect(await counts(other)).toEqual([2, 2, 2]);
    const page = (await other.inject({ url: `/api/tags/${TAG}/works?order=id&sort=asc` })).json() as WorkList;
    expect(page.works.map((w) => w.source_id)).toEqual(['RJ02000003', 'RJ02000004']);
  });

  it('a downvoted tag link leaves the tag’s count at once', async () => {
    expect(await counts(other)).toEqual([2, 2, 2]);
    const w = await ta.db
      .selectFrom('works')
      .select('id')
      .where('source_id', '=', 'RJ02000003')
      .executeTakeFirstOrThrow();
    await ta.db
      .updateTable('work_tags')
      .set({ vote_status: 2 })
      .where('work_id', '=', w.id)
      .where('tag_id', '=', TAG)
      .execute();
    expect(await counts(other)).toEqual([2, 1, 2]);
    expect(await counts(ta.app)).toEqual([2, 1, 2]);
  });
});
