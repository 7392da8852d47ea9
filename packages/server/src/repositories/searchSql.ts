/**
 * Search compiler: parsed keyword terms → parameterised SQL conditions over `works as w`.
 * What a term means (namespaces, ≥ versus <, weak tags, value formats, the 400 reasons) is the
 * contract's `compileTerm`; this module only turns its filters into SQL. User text only ever
 * travels as a bound parameter, and LIKE patterns have their wildcards escaped.
 *
 * Query shape on SQLite. A set term (text, tag, voice actor) can match a handful of works or
 * half the library, and no single SQL shape is fast for both. So each set term is first counted
 * in its own index (well under a millisecond to a few ms), and then:
 * - a small set is written `w.id in (subquery)`: rowid lookups, then sorting a few rows;
 * - a large set is written, for the page, as a per-row check, so SQLite walks the order's index
 *   and stops after one page: a correlated `exists` probe of the tag or voice-actor table, or
 *   for a word `search_text LIKE`, which reads the row the walk is on anyway (never a probe of
 *   the full-text index: FTS5 reloads the phrase's whole doclist for every probed row); for the
 *   count, as `+w.id in (subquery)`, one pass over a covering index with a membership probe (the
 *   unary `+` keeps SQLite from choosing rowid lookups).
 * Materialising a large set's ids for the page instead cost 25–60 ms at 100,000 works for a
 * word in most of them (`h`, `le`), against under a millisecond walking the order.
 * PostgreSQL plans semi-joins from its statistics, so it always gets `w.id in (subquery)`.
 *
 * Bounded work: a keyword has at most LIMITS.keywordMax characters and LIMITS.searchTermsMax
 * terms, repeated terms count once (services/catalogue/searchTerms.ts checks both), and with several terms
 * each size count stops at LARGE_SET + 1 (docs/security.md).
 */
import type { SearchFilter } from '@sasayaki/contract';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { INT32_MAX } from '../numericParams.ts';
import type { Dialect, Queryable } from './queryable.ts';

type Cond = Expression<SqlBool>;

/** Conditions for the page query and for the count query (same meaning, different shape). */
export interface CompiledSearch {
  page: Cond[];
  count: Cond[];
  /**
   * On SQLite, when the search is a single positive set term (a word, a tag, a voice actor), the
   * number of works it matches, already counted in that term's index: a lone search needs no
   * other count query.
   */
  soleCount?: number;
}

/** Above this many matches a set term counts as large (see the module comment). */
const LARGE_SET = 2000;

/** `%x%` with LIKE's own wildcards (and the escape character) taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A quoted FTS5 phrase: in the trigram index it matches any substring of 3 characters or more,
 * in the grams index the one or two characters themselves.
 */
const ftsPhrase = (v: string) => `"${v.replace(/"/g, '""')}"`;
/** Where the conditions will run: the handle that counts set sizes, and its dialect. */
interface Target {
  q: Queryable;
  dialect: Dialect;
}

const usesFts = (v: string, t: Target) => t.dialect === 'sqlite' && [...v].length >= 3;

/**
 * One or two characters, which the grams index (migration 090) serves: on PostgreSQL any; on
 * SQLite letters and digits of the Basic Multilingual Plane, the characters its unicode61
 * tokenizer keeps whole (anything else, such as `a!`, scans search_text).
 */
const usesGrams = (v: string, t: Target) => {
  const chars = [...v];
  if (chars.length < 1 || chars.length > 2) return false;
  return (
    t.dialect === 'postgres' || chars.every((c) => /[\p{L}\p{N}]/u.test(c) && c.codePointAt(0)! <= 0xffff)
  );
};

/**
 * The rows of a set term: a subquery of work ids, the per-row check of a work being in it, and
 * the rows to count for its size (`select 1 …`).
 */
interface WorkSet {
  ids: RawBuilder<unknown>;
  probe: Cond;
  rows: RawBuilder<unknown>;
}

function tagSet(name: string, weak: boolean): WorkSet {
  // Normal-trust tags only, or weak ones too; downvoted tags never count. Any locale's name.
  const statuses = sql.join(weak ? [0, 1] : [1]);
  const tagIds = sql`select t.id from tags t where lower(t.name) = ${name} or lower(t.name_en) = ${name} or lower(t.name_ja) = ${name} or lower(t.name_zh) = ${name}`;
  return {
    ids: sql`select wt.work_id from work_tags wt where wt.vote_status in (${statuses}) and wt.tag_id in (${tagIds})`,
    probe: sql<SqlBool>`exists (select 1 from work_tags wt where wt.work_id = w.id and wt.vote_status in (${statuses}) and wt.tag_id in (${tagIds}))`,
    rows: sql`select 1 from work_tags wt where wt.vote_status in (${statuses}) and wt.tag_id in (${tagIds})`,
  };
}

function vaSet(name: string): WorkSet {
  const vaIds = sql`select a.id from vas a where lower(a.name) = ${name}`;
  return {
    ids: sql`select wv.work_id from work_vas wv where wv.va_id in (${vaIds})`,
    probe: sql<SqlBool>`exists (select 1 from work_vas wv where wv.work_id = w.id and wv.va_id in (${vaIds}))`,
    rows: sql`select distinct wv.work_id from work_vas wv where wv.va_id in (${vaIds})`,
  };
}

/** A word's works from a full-text index: trigrams (3 characters or more) or grams (1–2). */
function textSet(index: 'works_fts' | 'works_grams', word: string): WorkSet {
  const table = sql.table(index);
  const phrase = ftsPhrase(word);
  return {
    ids: sql`select rowid from ${table} where ${table} match ${phrase}`,
    probe: textLike(word),
    rows: sql`select 1 from ${table} where ${table} match ${phrase}`,
  };
}

/** `search_text` contains the word: what both full-text indexes answer, read off the row. */
const textLike = (word: string) => sql<SqlBool>`w.search_text like ${likeContains(word)} escape '\\'`;

interface Shaped {
  page: Cond;
  count: Cond;
  /** Works matched by a set term (SQLite only). */
  size?: number;
}

/** How a set's size is counted: exactly (a lone term's count is the answer's total) or capped. */
type SizeCount = 'exact' | 'capped';

async function setConditions(t: Target, set: WorkSet, sizing: SizeCount): Promise<Shaped> {
  const small = { page: sql<SqlBool>`w.id in (${set.ids})`, count: sql<SqlBool>`w.id in (${set.ids})` };
  if (t.dialect !== 'sqlite') return small;
  const rows = sizing === 'exact' ? set.rows : sql`${set.rows} limit ${LARGE_SET + 1}`;
  const size = Number(
    (await sql<{ n: number }>`select count(*) as n from (${rows})`.execute(t.q)).rows[0]?.n ?? 0,
  );
  if (size <= LARGE_SET) return { ...small, size };
  return { page: set.probe, count: sql<SqlBool>`+w.id in (${set.ids})`, size };
}

const RANGE_COLUMN = {
  rate_average_2dp: sql.ref('w.rate_average_2dp'),
  dl_count: sql.ref('w.dl_count'),
  price: sql.ref('w.price'),
  duration: sql.ref('w.duration'),
} as const;

const same = (c: Cond): Shaped => ({ page: c, count: c });

/** The condition of a filter, before its exclusion is applied. */
async function positive(
  f: Exclude<SearchFilter, { kind: 'range' }>,
  t: Target,
  sizing: SizeCount,
): Promise<{ page: Cond; count: Cond }> {
  switch (f.kind) {
    case 'text': {
      const v = f.text.trim().toLowerCase();
      if (usesFts(v, t)) return setConditions(t, textSet('works_fts', v), sizing);
      if (usesGrams(v, t)) {
        if (t.dialect === 'sqlite') return setConditions(t, textSet('works_grams', v), sizing);
        return same(sql<SqlBool>`sasayaki_search_grams(w.search_text) @> array[${v}::text]`);
      }
      // PostgreSQL: the pg_trgm GIN index serves LIKE; SQLite: what no index serves scans search_text.
      return same(textLike(v));
    }
    case 'work':
      return same(sql<SqlBool>`w.id = ${f.id}`);
    case 'tag':
      return setConditions(t, tagSet(f.name.toLowerCase(), f.weak), sizing);
    case 'va':
      return setConditions(t, vaSet(f.name.toLowerCase()), sizing);
    case 'circle':
      // Null-safe, so that an exclusion keeps works without a circle.
      return same(
        sql<SqlBool>`(w.circle_id is not null and w.circle_id in (select c.id from circles c where lower(c.name) = ${f.name.toLowerCase()}))`,
      );
    case 'age':
      return same(sql<SqlBool>`w.age_category = ${f.age}`);
    case 'lang':
      // The work's own edition language, or any of its listed language editions (JSON text).
      return same(
        sql<SqlBool>`(coalesce(w.lang, '') = ${f.lang} or w.language_editions like ${likeContains(
          `"lang":"${f.lang}"`,
        )} escape '\\')`,
      );
  }
}

async function conditions(f: SearchFilter, t: Target, sizing: SizeCount): Promise<Shaped> {
  if (f.kind === 'range') {
    // The range columns are 32-bit integers (rating: at most 5): a larger bound, which no work
    // reaches, is compared as the largest one instead of failing on PostgreSQL as out of range.
    const bound = Math.min(f.value, INT32_MAX);
    return same(
      f.op === '>='
        ? sql<SqlBool>`${RANGE_COLUMN[f.field]} >= ${bound}`
        : sql<SqlBool>`${RANGE_COLUMN[f.field]} < ${bound}`,
    );
  }
  const c = await positive(f, t, sizing);
  // An excluded term keeps no size: its matches are what the search leaves out.
  return f.exclude ? { page: sql<SqlBool>`not (${c.page})`, count: sql<SqlBool>`not (${c.count})` } : c;
}

/**
 * The conditions of a search's filters (the contract's compileTerm of its terms, checked and
 * without repeats: services/catalogue/searchTerms.ts), to be AND-ed together.
 */
export async function compileSearchFilters(
  filters: readonly SearchFilter[],
  q: Queryable,
  dialect: Dialect,
): Promise<CompiledSearch> {
  const out: CompiledSearch = { page: [], count: [] };
  const sizing: SizeCount = filters.length === 1 ? 'exact' : 'capped';
  for (const f of filters) {
    const c = await conditions(f, { q, dialect }, sizing);
    out.page.push(c.page);
    out.count.push(c.count);
    if (filters.length === 1 && c.size !== undefined) out.soleCount = c.size;
  }
  return out;
}
