/**
 * The benchmark catalogue: 100,000 works with Japanese and English titles, circles, voice actors
 * and tags drawn from realistic vocabularies, ratings and sales with a long tail, and six file
 * rows per work — written by direct batched inserts (no scan), deterministic for a given seed.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../packages/server/src/db/connect.ts';
import type {
  FilesTable,
  NewWork,
  WorkTagsTable,
  WorkVasTable,
} from '../../packages/server/src/db/schema.ts';
import { prng } from '../../packages/server/src/demo/audio.ts';
import {
  EN_WORDS,
  GIVEN,
  JA_ADJ,
  JA_NOUNS,
  LANGS,
  PRICES,
  SURNAMES,
  TAG_NAMES,
} from '../../packages/server/test/helpers/catalogueWords.ts';
import { vaId } from '../../packages/server/test/helpers/seed.ts';

export const BENCH_WORKS = 100_000;
/** The work whose folder really exists and holds the streaming file. */
export const STREAM_WORK_ID = 9_999_999;

const pad = (n: number) => String(n).padStart(2, '0');

export interface BenchFacts {
  /** A tag, a voice actor and a plain word the benchmark searches for. */
  tag: string;
  va: string;
  word: string;
  workWithFiles: number;
}

export const BENCH_FACTS: BenchFacts = { tag: '癒し', va: '藤田茜', word: '耳かき', workWithFiles: 123_456 };

async function insertBatched<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Writes the whole catalogue (`workCount` works) into an empty, migrated database. */
export async function buildBenchCatalogue(
  t: Db,
  log: (msg: string) => void,
  workCount = BENCH_WORKS,
): Promise<void> {
  const rand = prng(20_241_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const db = t;

  const tags = Array.from({ length: 400 }, (_, i) => {
    const [ja, en, zh] = TAG_NAMES[i] ?? [`タグ${i}`, `Tag ${i}`, `标签${i}`];
    return { id: i + 1, name: ja, name_ja: ja, name_en: en, name_zh: zh };
  });
  const vas = SURNAMES.flatMap((s) => GIVEN.map((g) => `${s}${g}`)).slice(0, 3000);
  while (vas.length < 3000) vas.push(`Voice Actor ${vas.length}`);
  const circles = Array.from({ length: 2000 }, (_, i) => ({
    id: i + 1,
    name: i % 3 === 0 ? `Studio ${pick(EN_WORDS)} ${i}` : `${pick(JA_NOUNS)}工房${i}`,
    source_id: `RG${String(10_000 + i)}`,
  }));

  await db.transaction().execute(async (tx) => {
    await insertBatched(tags, (c) => tx.insertInto('tags').values(c).execute());
    await insertBatched(
      vas.map((name) => ({ id: vaId(name), name })),
      (c) => tx.insertInto('vas').values(c).execute(),
    );
    await insertBatched(circles, (c) => tx.insertInto('circles').values(c).execute());
  });
  log(`  ${tags.length} tags, ${vas.length} voice actors, ${circles.length} circles`);

  // Half the tags come from a popular head (Zipf-like), half from the whole long tail.
  const tagWeighted = () =>
    rand() < 0.5
      ? Math.min(tags.length, Math.floor(1 / (rand() * 0.97 + 0.03)) + Math.floor(rand() * 3))
      : 1 + Math.floor(rand() * tags.length);
  const perBatch = 2000;
  let fileId = 1;
  for (let start = 0; start < workCount; start += perBatch) {
    const works: NewWork[] = [];
    const workTags: Insertable<WorkTagsTable>[] = [];
    const workVas: Insertable<WorkVasTable>[] = [];
    const files: Insertable<FilesTable>[] = [];
    for (let k = start; k < Math.min(workCount, start + perBatch); k++) {
      const id = k === 0 ? BENCH_FACTS.workWithFiles : 200_000 + k * 37;
      const circle = circles[Math.floor(rand() ** 2 * circles.length)]!;
      const titleJa = `${pick(JA_ADJ)}${pick(JA_NOUNS)}と${pick(JA_NOUNS)}`;
      const title = rand() < 0.25 ? `${pick(EN_WORDS)} ${pick(EN_WORDS)} ~${titleJa}~` : titleJa;
      const myTags = new Set<number>();
      const tagCount = 3 + Math.floor(rand() * 6);
      while (myTags.size < tagCount) myTags.add(tagWeighted());
      const myVas = new Set<string>();
      const vaCount = 1 + Math.floor(rand() * 3);
      while (myVas.size < vaCount) myVas.add(vas[Math.floor(rand() ** 1.5 * vas.length)]!);
      const votes = [...myTags].map((tagId) => ({
        work_id: id,
        tag_id: tagId,
        vote_status: rand() < 0.1 ? 0 : rand() < 0.03 ? 2 : 1,
        upvote: Math.floor(rand() * 20),
        downvote: Math.floor(rand() * 3),
      }));
      const counts = [0, 0, 0, 0, 0].map((_, i) => Math.floor(rand() * (i + 1) ** 2 * 10));
      const rateCount = counts.reduce((a, b) => a + b, 0);
      const rateAvg = rateCount ? counts.reduce((a, c, i) => a + c * (i + 1), 0) / rateCount : 0;
      const year = 2010 + Math.floor(rand() * 16);
      const duration = Math.floor(600 + rand() * 14_000);
      const lang = rand() < 0.06 ? pick(LANGS) : 'JPN';
      const tagText = votes.flatMap((v) => {
        const t = tags[v.tag_id - 1]!;
        return [t.name, t.name_en, t.name_zh];
      });
      works.push({
        id,
        source_id: `RJ${String(id).padStart(id >= 1_000_000 ? 8 : 6, '0')}`,
        source_url: `https://www.dlsite.com/maniax/work/=/product_id/RJ${id}.html`,
        title,
        circle_id: circle.id,
        release: `${year}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
        create_date: `202${3 + Math.floor(rand() * 3)}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
        price: pick(PRICES),
        dl_count: Math.floor(1 / (rand() + 0.0005)) * 10,
        rate_count: rateCount,
        rate_average_2dp: Math.round(rateAvg * 100) / 100,
        rate_count_detail: JSON.stringify(counts),
        review_count: Math.floor(rand() * 50),
        rank: null,
        age_category: rand() < 0.2 ? 'general' : rand() < 0.2 ? 'r15' : 'adult',
        nsfw: rand() < 0.7 ? 1 : 0,
        has_subtitle: rand() < 0.15 ? 1 : 0,
        duration,
        lang,
        language_editions: '[]',
        translation_info: JSON.stringify({ lang, is_original: lang === 'JPN' }),
        original_workno: null,
        work_attributes: 'SOU',
        search_text: [title, circle.name, ...myVas, ...tagText].join(' ').toLowerCase(),
        root_index: 0,
        folder_path: `RJ${id}`,
        random_key: Math.floor(rand() * 2_147_483_000),
        cover_path: null,
      });
      workTags.push(...votes);
      workVas.push(...[...myVas].map((name, position) => ({ work_id: id, va_id: vaId(name), position })));
      const tracks = 4 + (id % 3);
      for (let n = 1; n <= tracks; n++) {
        const audioId = fileId++;
        files.push({
          id: audioId,
          work_id: id,
          path: `${n % 2 ? 'mp3' : 'wav'}/${n}. トラック${n}.${n % 2 ? 'mp3' : 'wav'}`,
          type: 'audio',
          size: 5_000_000 + n * 1000,
          duration: duration / tracks,
          mtime: 1_700_000_000_000,
          charset: null,
          audio_file_id: null,
        });
        if (n === 1) {
          files.push({
            id: fileId++,
            work_id: id,
            path: `mp3/${n}. トラック${n}.vtt`,
            type: 'text',
            size: 2000,
            duration: null,
            mtime: 1_700_000_000_000,
            charset: 'utf-8',
            audio_file_id: audioId,
          });
        }
      }
    }
    await db.transaction().execute(async (tx) => {
      await insertBatched(works, (c) => tx.insertInto('works').values(c).execute(), 250);
      await insertBatched(workTags, (c) => tx.insertInto('work_tags').values(c).execute(), 1000);
      await insertBatched(workVas, (c) => tx.insertInto('work_vas').values(c).execute(), 1000);
      await insertBatched(files, (c) => tx.insertInto('files').values(c).execute(), 1000);
    });
    if ((start / perBatch) % 10 === 9) log(`  ${start + perBatch} works`);
  }
}
