/**
 * Circles, voice actors and tags written for a whole batch of works give what writing them one
 * name at a time, in the works' order, gives: the same rows and the same ids for every work.
 * Generated metadata (fast-check, seeded) with few names and ids, so that store circles meet
 * their name-only stand-ins, tags are renamed and gain locales, and names repeat.
 */
import fc from 'fast-check';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { emptyMetadata, type TagMeta, type WorkMetadata } from '../../src/metadata/types.ts';
import { Pending, WriteCache, writeEntities } from '../../src/scanner/entities.ts';
import { DIALECTS, openTestDb, type TestDb } from '../helpers/db.ts';

const SEED = Number(process.env.SASAYAKI_FUZZ_SEED ?? 20_261_124);

const name = fc.constantFrom('囁き工房', 'Moonlit', 'C3');
const circle = fc.oneof(
  fc.constant(null),
  fc.record({ name }),
  fc.record(
    { id: fc.integer({ min: 1, max: 3 }), name, sourceId: fc.constantFrom('RG1', 'RG2') },
    { requiredKeys: ['id', 'name'] },
  ),
);
const tag: fc.Arbitrary<TagMeta> = fc.record(
  {
    id: fc.integer({ min: 1, max: 4 }),
    name: fc.constantFrom('耳かき', 'ASMR', '囁き', 'binaural', 'e\u0301toile'),
    en: fc.constantFrom('ear', 'whisper'),
    ja: fc.constantFrom('耳', '囁'),
    censoredEn: fc.constant('e*r'),
  },
  { requiredKeys: ['name'] },
);
const meta = fc.record({
  circle,
  vas: fc.array(fc.constantFrom('星野', 'Mio', '月城'), { maxLength: 3 }),
  tags: fc.array(tag, { maxLength: 4 }),
});
type Meta = { circle: WorkMetadata['circle']; vas: string[]; tags: TagMeta[] };

const work = (m: Meta) => ({ metadata: { ...emptyMetadata('sidecar', 'T'), ...m } });

/** Writing one name at a time, as the scanner did: store circles first, then each work's names. */
async function oneByOne(trx: Transaction<Database>, metas: Meta[], cache: WriteCache) {
  const singles = [
    ...metas.filter((m) => m.circle?.id).map((m) => ({ ...m, vas: [], tags: [] })),
    ...metas.filter((m) => m.circle && !m.circle.id).map((m) => ({ ...m, vas: [], tags: [] })),
    ...metas.flatMap((m) => [
      { circle: null, vas: m.vas, tags: [] },
      ...m.tags.map((t) => ({ circle: null, vas: [], tags: [t] })),
    ]),
  ];
  for (const s of singles) {
    const pending = new Pending();
    await writeEntities(trx, [work(s)], cache, pending);
    pending.learnInto(cache);
  }
  // Every name is now known: the ids each work gets, read without writing.
  return writeEntities(trx, metas.map(work), cache, new Pending());
}

async function together(trx: Transaction<Database>, metas: Meta[], cache: WriteCache) {
  return writeEntities(trx, metas.map(work), cache, new Pending());
}

const WORK = {
  title: 'T',
  release: null,
  create_date: '2026-01-01',
  rank: null,
  lang: null,
  original_workno: null,
  cover_path: null,
};

class Rollback extends Error {}

describe.each(DIALECTS)('names of a batch of works (%s)', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb(dialect);
  });
  afterAll(() => db.close());

  /** The ids and the tables after `write`, in a transaction rolled back afterwards. */
  async function outcome(
    before: Meta[],
    metas: Meta[],
    write: typeof together,
    sameScan: boolean,
  ): Promise<{ ids: unknown; tables: unknown }> {
    let seen: { ids: unknown; tables: unknown } | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        const cache = new WriteCache();
        // Earlier works hold their circles: a merge of stand-ins must move them.
        const earlier = await oneByOne(trx, before, cache);
        for (const [i, e] of earlier.entries()) {
          await trx
            .insertInto('works')
            .values({ ...WORK, id: i + 1, source_id: `RJ0${1_000_000 + i}`, circle_id: e.circleId })
            .execute();
        }
        // The earlier names written by this scan (remembered) or by an earlier one (not).
        const ids = await write(trx, metas, sameScan ? cache : new WriteCache());
        const tables = {
          circles: await trx.selectFrom('circles').selectAll().orderBy('id').execute(),
          tags: await trx.selectFrom('tags').selectAll().orderBy('id').execute(),
          vas: await trx.selectFrom('vas').selectAll().orderBy('id').execute(),
          works: await trx.selectFrom('works').select(['id', 'circle_id']).orderBy('id').execute(),
        };
        seen = { ids, tables };
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    return seen!;
  }

  it('gives the rows and ids of writing each name in order', async () => {
    const metas = fc.array(meta, { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(metas, metas, fc.boolean(), async (before, batch, sameScan) => {
        const expected = await outcome(before, batch, oneByOne, sameScan);
        expect(await outcome(before, batch, together, sameScan)).toEqual(expected);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
