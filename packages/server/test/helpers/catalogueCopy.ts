/**
 * A generated catalogue written straight into PostgreSQL with `COPY … FROM STDIN` (one psql
 * process per table, fed in parallel while the rows are generated), never by scanning files:
 * the million-work benchmark (scripts/bench/million.ts) and the index test
 * (test/repositories/listIndexes.test.ts) use it at their sizes.
 *
 * What it holds, deterministic for a given seed: 20,000 circles with a long tail (a few big
 * circles, most with a handful of works), 8,000 voice actors, 800 tags with their Japanese,
 * English and Chinese names (some with censored variants), 1–3 voice actors and 3–10 tags per
 * work, a cover and 3–10 audio tracks per work (wav copies on some, a subtitle per track on
 * subtitled works), store ratings with per-star counts, site ratings and review counts, sales
 * with a long tail, release dates over 16 years, and 6 % translated editions whose original is
 * in the catalogue too.
 *
 * Loading: the secondary indexes of the catalogue tables are dropped before the copy and built
 * again after it, triggers (the catalogue generation, the foreign keys) are off for the copy
 * (`session_replication_role = replica`), then `vacuum analyze`.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { openDb } from '../../src/db/connect.ts';
import { prng } from '../../src/demo/audio.ts';
import { EN_WORDS, GIVEN, JA_ADJ, JA_NOUNS, LANGS, PRICES, SURNAMES, TAG_NAMES } from './catalogueWords.ts';
import { vaId } from './seed.ts';

/** Things the benchmark and the index test look for; present in any catalogue of ≥ 1,000 works. */
export const MILLION_FACTS = {
  /** The most common tag but ASMR (more than half of the works). */
  tag: '癒し',
  /** A voice actor of the head of the distribution. */
  va: '藤田茜',
  /** A Latin word of a few titles in a hundred. */
  latinWord: 'lullaby',
  /** Two CJK characters. */
  cjkWord: '膝枕',
  /** The first work: it has files, voice actors and tags. */
  workWithFiles: 1_000_000,
} as const;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A COPY text-format field: null as \N, backslash, tab and line breaks escaped. */
function field(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\t\n\r]/.test(v)
    ? v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : v;
}

/** One psql process copying into one table from its stdin. */
class CopyStream {
  private buf: string[] = [];
  private size = 0;
  private done: Promise<void>;
  private child;
  rows = 0;

  constructor(url: string, table: string, columns: readonly string[], pgSchema?: string) {
    const options = ['-c session_replication_role=replica'];
    if (pgSchema) options.push(`-c search_path=${pgSchema},public`);
    this.child = spawn(
      'psql',
      [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `copy ${table} (${columns.join(', ')}) from stdin`],
      { env: { ...process.env, PGOPTIONS: options.join(' ') }, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    this.child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    this.done = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`copy into ${table} failed (${code}): ${err}`)),
      );
    });
    // A failed psql rejects `done`; keep it from being an unhandled rejection until awaited.
    this.done.catch(() => {});
  }

  row(values: readonly (string | number | null)[]): void {
    const line = values.map(field).join('\t');
    this.buf.push(line);
    this.size += line.length;
    this.rows++;
  }

  /** Hands the buffered rows to psql, waiting while its pipe is full. */
  async flush(): Promise<void> {
    if (!this.buf.length) return;
    const chunk = `${this.buf.join('\n')}\n`;
    this.buf = [];
    this.size = 0;
    if (!this.child.stdin!.write(chunk)) {
      await Promise.race([new Promise((r) => this.child.stdin!.once('drain', r)), this.done]);
    }
  }

  get buffered(): number {
    return this.size;
  }

  async end(): Promise<void> {
    await this.flush();
    this.child.stdin!.end();
    await this.done;
  }
}

const CATALOGUE = ['works', 'circles', 'vas', 'tags', 'work_vas', 'work_tags', 'files'];

const WORK_COLUMNS = [
  'id',
  'source_id',
  'source_type',
  'source_url',
  'title',
  'circle_id',
  'release',
  'create_date',
  'price',
  'dl_count',
  'rate_count',
  'rate_average_2dp',
  'rate_count_detail',
  'site_rate_count',
  'site_rate_average_2dp',
  'site_rate_count_detail',
  'review_count',
  'rank',
  'age_category',
  'nsfw',
  'has_subtitle',
  'duration',
  'lang',
  'language_editions',
  'translation_info',
  'original_workno',
  'work_attributes',
  'search_text',
  'root_index',
  'folder_path',
  'scan_signature',
  'cover_path',
  'metadata_source',
  'random_key',
  'updated_at',
] as const;

const FILE_COLUMNS = [
  'id',
  'work_id',
  'path',
  'type',
  'size',
  'duration',
  'mtime',
  'charset',
  'audio_file_id',
];

export interface GenerateOptions {
  /** postgres:// URL of a migrated, empty database. */
  databaseUrl: string;
  pgSchema?: string;
  works: number;
  log?: (msg: string) => void;
  seed?: number;
}

export interface GenerateResult {
  rows: Record<string, number>;
  copyMs: number;
  indexMs: number;
  analyzeMs: number;
}

/** Fills a migrated, empty catalogue with `works` works. */
export async function generateCatalogue(opts: GenerateOptions): Promise<GenerateResult> {
  const log = opts.log ?? (() => {});
  const rand = prng(opts.seed ?? 20_261_127);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  if (opts.pgSchema) await client.query(`set search_path to ${opts.pgSchema}, public`);
  const schema = opts.pgSchema ?? 'public';
  try {
    // Secondary indexes go while the rows are copied (constraint indexes stay).
    const idx = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = $1 and i.tablename = any($2)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
      [schema, CATALOGUE],
    );
    for (const { name } of idx.rows) await client.query(`drop index "${schema}"."${name}"`);

    const started = Date.now();
    const url = opts.databaseUrl;
    const s = opts.pgSchema;
    const copy = {
      circles: new CopyStream(url, 'circles', ['id', 'name', 'source_id', 'source_type'], s),
      vas: new CopyStream(url, 'vas', ['id', 'name'], s),
      tags: new CopyStream(
        url,
        'tags',
        ['id', 'name', 'name_en', 'name_ja', 'name_zh', 'censored_en', 'censored_ja', 'censored_zh'],
        s,
      ),
      works: new CopyStream(url, 'works', WORK_COLUMNS, s),
      work_vas: new CopyStream(url, 'work_vas', ['work_id', 'va_id', 'position'], s),
      work_tags: new CopyStream(
        url,
        'work_tags',
        ['work_id', 'tag_id', 'upvote', 'downvote', 'vote_status', 'origin', 'added_by', 'created_at'],
        s,
      ),
      files: new CopyStream(url, 'files', FILE_COLUMNS, s),
    };

    // Tags: the store's well-known ones first, then a long tail, in three languages.
    const tags = Array.from({ length: 800 }, (_, i) => {
      const [ja, en, zh] = TAG_NAMES[i] ?? [`タグ${i}`, `Tag ${i}`, `标签${i}`];
      const censored = i % 50 === 7;
      return { id: i + 1, ja, en, zh, censored };
    });
    for (const t of tags) {
      copy.tags.row([
        t.id,
        t.ja,
        t.en,
        t.ja,
        t.zh,
        t.censored ? `${t.en.slice(0, 1)}***` : null,
        t.censored ? `${t.ja.slice(0, 1)}○○` : null,
        t.censored ? `${t.zh.slice(0, 1)}**` : null,
      ]);
    }
    const VA_SUFFIX = ['', '子', '美', '奈', '香', '乃', '葉', '花', '音', '希', '菜', '里', '絵', '那'];
    const vaNames: string[] = [];
    for (const suffix of VA_SUFFIX)
      for (const sn of SURNAMES) for (const g of GIVEN) vaNames.push(`${sn}${g}${suffix}`);
    const vas = vaNames.slice(0, 8000).map((name) => ({ id: vaId(name), name }));
    for (const v of vas) copy.vas.row([v.id, v.name]);
    const circles = Array.from({ length: 20_000 }, (_, i) => {
      const name = i % 3 === 0 ? `Studio ${pick(EN_WORDS)} ${i}` : `${pick(JA_NOUNS)}工房${i}`;
      return { id: i + 1, name };
    });
    for (const c of circles) copy.circles.row([c.id, c.name, `RG${10_000 + c.id}`, 'DLSITE']);
    await Promise.all([copy.tags.end(), copy.vas.end(), copy.circles.end()]);

    // Half of a work's tags from a popular head (Zipf-like), half from the whole long tail.
    const tagWeighted = () =>
      rand() < 0.5
        ? Math.min(tags.length, Math.floor(1 / (rand() * 0.97 + 0.03)) + Math.floor(rand() * 3))
        : 1 + Math.floor(rand() * tags.length);
    const now = Date.UTC(2026, 10, 1);
    let fileId = 1;
    const firstId = MILLION_FACTS.workWithFiles;
    for (let k = 0; k < opts.works; k++) {
      const id = firstId + k;
      const code = `RJ0${id}`;
      const circle = circles[Math.floor(rand() ** 3 * circles.length)]!;
      const titleJa = `${pick(JA_ADJ)}${pick(JA_NOUNS)}と${pick(JA_NOUNS)}`;
      const title = rand() < 0.25 ? `${pick(EN_WORDS)} ${pick(EN_WORDS)} ~${titleJa}~` : titleJa;
      const myTags = new Set<number>();
      const tagCount = 3 + Math.floor(rand() * 8);
      while (myTags.size < tagCount) myTags.add(tagWeighted());
      const myVas = new Set<number>();
      const vaCount = 1 + Math.floor(rand() * 3);
      while (myVas.size < vaCount) myVas.add(Math.floor(rand() ** 2 * vas.length));
      const counts = [0, 0, 0, 0, 0].map((_, i) => Math.floor(rand() * (i + 1) ** 2 * 10));
      const rateCount = counts.reduce((a, b) => a + b, 0);
      const rateAvg = rateCount ? counts.reduce((a, c, i) => a + c * (i + 1), 0) / rateCount : 0;
      const siteCounts = [0, 0, 0, 0, 0].map((_, i) => (rand() < 0.3 ? Math.floor(rand() * (i + 1)) : 0));
      const siteCount = siteCounts.reduce((a, b) => a + b, 0);
      const siteAvg = siteCount ? siteCounts.reduce((a, c, i) => a + c * (i + 1), 0) / siteCount : 0;
      const year = 2010 + Math.floor(rand() * 16);
      const duration = Math.floor(600 + rand() * 14_000);
      // A translated edition of an earlier work (its original is in the catalogue).
      const translated = k > 100 && rand() < 0.06;
      const lang = translated ? pick(LANGS) : 'JPN';
      const original = translated ? `RJ0${firstId + Math.floor(rand() * k)}` : null;
      const vaList = [...myVas].map((i) => vas[i]!);
      const tagText: string[] = [];
      for (const tagId of myTags) {
        const t = tags[tagId - 1]!;
        tagText.push(t.ja, t.en, t.zh);
        const status = rand() < 0.1 ? 0 : rand() < 0.03 ? 2 : 1;
        copy.work_tags.row([
          id,
          tagId,
          Math.floor(rand() * 20),
          Math.floor(rand() * 3),
          status,
          'metadata',
          null,
          0,
        ]);
      }
      vaList.forEach((v, position) => {
        copy.work_vas.row([id, v.id, position]);
      });
      const subtitled = rand() < 0.15;
      copy.works.row([
        id,
        code,
        'DLSITE',
        `https://www.dlsite.com/maniax/work/=/product_id/${code}.html`,
        title,
        circle.id,
        `${year}-${pad2(1 + Math.floor(rand() * 12))}-${pad2(1 + Math.floor(rand() * 28))}`,
        `202${3 + Math.floor(rand() * 3)}-${pad2(1 + Math.floor(rand() * 12))}-${pad2(1 + Math.floor(rand() * 28))}`,
        pick(PRICES),
        Math.floor(1 / (rand() + 0.0005)) * 10,
        rateCount,
        Math.round(rateAvg * 100) / 100,
        `[${counts.join(',')}]`,
        siteCount,
        Math.round(siteAvg * 100) / 100,
        `[${siteCounts.join(',')}]`,
        Math.floor(rand() ** 3 * 200),
        null,
        rand() < 0.2 ? 'general' : rand() < 0.2 ? 'r15' : 'adult',
        rand() < 0.7 ? 1 : 0,
        subtitled ? 1 : 0,
        duration,
        lang,
        '[]',
        JSON.stringify({ lang, is_original: !translated, original_workno: original }),
        original,
        'SOU',
        [title, circle.name, ...vaList.map((v) => v.name), ...tagText].join(' ').toLowerCase(),
        0,
        code,
        '',
        'cover.jpg',
        'folder',
        Math.floor(rand() * 2_147_483_000),
        now,
      ]);
      // The files: a cover, 3–10 tracks in mp3 (and wav for some), a subtitle per track on subtitled works.
      copy.files.row([fileId++, id, 'cover.jpg', 'image', 200_000 + (id % 50_000), null, now, null, null]);
      const tracks = 3 + Math.floor(rand() * 8);
      const wav = rand() < 0.3;
      for (let n = 1; n <= tracks; n++) {
        const audioId = fileId++;
        const len = Math.round((duration / tracks) * 100) / 100;
        const name = `${pad2(n)}. ${pick(JA_NOUNS)}`;
        copy.files.row([
          audioId,
          id,
          `mp3/${name}.mp3`,
          'audio',
          Math.round(len * 40_000),
          len,
          now,
          null,
          null,
        ]);
        if (wav) {
          copy.files.row([
            fileId++,
            id,
            `wav/${name}.wav`,
            'audio',
            Math.round(len * 176_400),
            len,
            now,
            null,
            null,
          ]);
        }
        if (subtitled) {
          copy.files.row([
            fileId++,
            id,
            `mp3/${name}.vtt`,
            'text',
            2_000 + n * 30,
            null,
            now,
            'utf-8',
            audioId,
          ]);
        }
      }
      if (k % 500 === 499) {
        for (const c of [copy.works, copy.work_tags, copy.work_vas, copy.files]) {
          if (c.buffered > 256 * 1024) await c.flush();
        }
      }
      if (k % 100_000 === 99_999) log(`  ${k + 1} works (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await Promise.all([copy.works.end(), copy.work_tags.end(), copy.work_vas.end(), copy.files.end()]);
    const copyMs = Date.now() - started;
    const rows = Object.fromEntries(Object.entries(copy).map(([t, c]) => [t, c.rows]));
    log(`  copied in ${(copyMs / 1000).toFixed(1)} s: ${JSON.stringify(rows)}`);

    const indexStarted = Date.now();
    await client.query("set maintenance_work_mem = '512MB'");
    // Two index builds at a time (one connection each): the machine has few cores.
    const defs = idx.rows.map((r) => r.def);
    const second = new pg.Client({ connectionString: opts.databaseUrl });
    await second.connect();
    await second.query("set maintenance_work_mem = '512MB'");
    if (opts.pgSchema) await second.query(`set search_path to ${opts.pgSchema}, public`);
    try {
      const queue = [...defs];
      await Promise.all(
        [client, second].map(async (c) => {
          for (let def = queue.shift(); def; def = queue.shift()) await c.query(def);
        }),
      );
    } finally {
      await second.end();
    }
    await client.query(`select setval(pg_get_serial_sequence('${schema}.files', 'id'), $1)`, [fileId]);
    await client.query('update catalogue_state set generation = generation + 1 where id = 1');
    const indexMs = Date.now() - indexStarted;
    log(`  ${defs.length} indexes built in ${(indexMs / 1000).toFixed(1)} s`);
    const analyzeStarted = Date.now();
    await client.query(`vacuum (analyze) ${CATALOGUE.join(', ')}`);
    const analyzeMs = Date.now() - analyzeStarted;
    log(`  vacuum analyze in ${(analyzeMs / 1000).toFixed(1)} s`);
    return { rows, copyMs, indexMs, analyzeMs };
  } finally {
    await client.end();
  }
}

/** Drops and creates `name`, brings it to the latest schema; returns its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = await openDb({ databaseUrl: url, poolSize: 1 });
  await db.destroy();
  return url;
}
