/**
 * Every list and search query of the catalogue API uses an index on PostgreSQL: a catalogue of
 * LIST_INDEX_WORKS works (default 30,000) is written by the million-work generator
 * (helpers/catalogueCopy.ts, COPY), analysed, and the plan of each query (helpers/listPlans.ts,
 * compiled by the repository functions) must not scan `works` sequentially. The same plans at a
 * million works are printed by `npm run bench -- million`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../helpers/catalogueCopy.ts';
import { openTestDb, PG_URL, pgAvailable, type TestDb } from '../helpers/db.ts';
import { explainListQueries } from '../helpers/listPlans.ts';

const WORKS = Number(process.env.LIST_INDEX_WORKS || 30_000);

describe.skipIf(!pgAvailable)(`list and search plans on ${WORKS} works (PostgreSQL)`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb('postgres');
    await generateCatalogue({ databaseUrl: PG_URL, pgSchema: db.pgSchema, works: WORKS });
  }, 600_000);
  afterAll(async () => {
    await db?.close();
  });

  it('the generator wrote the catalogue it describes', async () => {
    const counts = await db
      .selectFrom('works')
      .select((eb) => [
        eb.fn.countAll<string>().as('works'),
        eb.fn.count<string>('original_workno').as('translations'),
        eb.fn.count<string>('circle_id').as('withCircle'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(counts.works)).toBe(WORKS);
    expect(Number(counts.translations)).toBeGreaterThan(0);
    expect(Number(counts.withCircle)).toBe(WORKS);
    const perWork = async (table: 'work_tags' | 'work_vas' | 'files') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ) / WORKS;
    expect(await perWork('work_tags')).toBeGreaterThanOrEqual(3);
    expect(await perWork('work_vas')).toBeGreaterThanOrEqual(1);
    expect(await perWork('files')).toBeGreaterThanOrEqual(4);
    const tag = await db.selectFrom('tags').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    expect([tag.name_en, tag.name_ja, tag.name_zh]).toEqual(['Healing', '癒し', '治愈']);
  });

  it('no list or search query scans works sequentially', async () => {
    const plans = await explainListQueries(db, { analyze: false, indexesFirst: true });
    expect(plans.length).toBeGreaterThan(20);
    const seq = plans
      .filter((p) => p.seqScanOfWorks)
      .map((p) => `${p.name}: ${p.scans.join(', ')}\n  ${p.sql}`);
    expect(seq, seq.join('\n')).toEqual([]);
  });
});
