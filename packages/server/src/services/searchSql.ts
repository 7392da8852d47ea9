/**
 * Search compiler: parsed keyword terms → parameterised SQL conditions over `works as w`.
 * What a term means (namespaces, ≥ versus <, weak tags, value formats, the 400 reasons) is the
 * contract's `compileTerm`; this module only turns its filters into SQL. User text only ever
 * travels as a bound parameter, and LIKE patterns have their wildcards escaped.
 */
import { compileTerm, type SearchFilter, type SearchTerm } from '@sasayaki/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import { badRequest } from '../errors.ts';

type Cond = Expression<SqlBool>;

/**
 * The work id as the left side of `id in (subquery)`. On SQLite the unary `+` keeps the planner
 * from turning a large match set into rowid lookups plus a sort of every match: it walks the
 * order's index instead and stops after one page (a few ms even when half the library matches).
 */
const workId = (dialect: Dialect) => (dialect === 'sqlite' ? sql`+w.id` : sql`w.id`);

/** `%x%` with LIKE's own wildcards (and the escape character) taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** FTS5 trigram index: a quoted phrase matches any substring of at least 3 characters. */
const ftsPhrase = (v: string) => `"${v.replace(/"/g, '""')}"`;
const usesFts = (v: string, dialect: Dialect) => dialect === 'sqlite' && [...v].length >= 3;

/** Substring match on works.search_text (stored lower-cased); CJK-safe, no word segmentation. */
function textMatch(text: string, dialect: Dialect): Cond {
  const v = text.trim().toLowerCase();
  if (usesFts(v, dialect)) {
    return sql<SqlBool>`${workId(dialect)} in (select rowid from works_fts where works_fts match ${ftsPhrase(v)})`;
  }
  // PostgreSQL: the pg_trgm GIN index serves LIKE; SQLite: 1–2 characters scan search_text.
  return sql<SqlBool>`w.search_text like ${likeContains(v)} escape '\\'`;
}

const RANGE_COLUMN = {
  rate_average_2dp: sql.ref('w.rate_average_2dp'),
  dl_count: sql.ref('w.dl_count'),
  price: sql.ref('w.price'),
  duration: sql.ref('w.duration'),
} as const;

/** The condition of a filter, before its exclusion is applied. */
function positive(f: Exclude<SearchFilter, { kind: 'range' }>, dialect: Dialect): Cond {
  switch (f.kind) {
    case 'text':
      return textMatch(f.text, dialect);
    case 'work':
      return sql<SqlBool>`w.id = ${f.id}`;
    case 'tag': {
      // Normal-trust tags only, or weak ones too; downvoted tags never count. Any locale's name.
      const name = f.name.toLowerCase();
      const statuses = f.weak ? [0, 1] : [1];
      return sql<SqlBool>`${workId(dialect)} in (select wt.work_id from work_tags wt where wt.vote_status in (${sql.join(
        statuses,
      )}) and wt.tag_id in (select t.id from tags t where lower(t.name) = ${name} or lower(t.name_en) = ${name} or lower(t.name_ja) = ${name} or lower(t.name_zh) = ${name}))`;
    }
    case 'circle':
      // Null-safe, so that an exclusion keeps works without a circle.
      return sql<SqlBool>`(w.circle_id is not null and w.circle_id in (select c.id from circles c where lower(c.name) = ${f.name.toLowerCase()}))`;
    case 'va':
      return sql<SqlBool>`${workId(dialect)} in (select wv.work_id from work_vas wv where wv.va_id in (select a.id from vas a where lower(a.name) = ${f.name.toLowerCase()}))`;
    case 'age':
      return sql<SqlBool>`w.age_category = ${f.age}`;
    case 'lang':
      // The work's own edition language, or any of its listed language editions (JSON text).
      return sql<SqlBool>`(coalesce(w.lang, '') = ${f.lang} or w.language_editions like ${likeContains(
        `"lang":"${f.lang}"`,
      )} escape '\\')`;
  }
}

function condition(f: SearchFilter, dialect: Dialect): Cond {
  if (f.kind === 'range') {
    return f.op === '>='
      ? sql<SqlBool>`${RANGE_COLUMN[f.field]} >= ${f.value}`
      : sql<SqlBool>`${RANGE_COLUMN[f.field]} < ${f.value}`;
  }
  const cond = positive(f, dialect);
  return f.exclude ? sql<SqlBool>`not (${cond})` : cond;
}

/**
 * One condition per complete term, to be AND-ed together. Partial terms are skipped; a term that
 * cannot be searched is a 400 with the contract's reason.
 */
export function compileSearchTerms(terms: readonly SearchTerm[], dialect: Dialect): Cond[] {
  const out: Cond[] = [];
  for (const term of terms) {
    const compiled = compileTerm(term);
    if (!compiled.ok) throw badRequest(compiled.reason);
    if (compiled.filter) out.push(condition(compiled.filter, dialect));
  }
  return out;
}

/**
 * When a search is one plain 3+-character text term and nothing else (the most common search),
 * SQLite can count its matches in the FTS index alone: the FTS phrase to count, else null.
 */
export function soleFtsPhrase(terms: readonly SearchTerm[], dialect: Dialect): string | null {
  const filters: SearchFilter[] = [];
  for (const term of terms) {
    const c = compileTerm(term);
    if (!c.ok) return null;
    if (c.filter) filters.push(c.filter);
  }
  const f = filters[0];
  if (filters.length !== 1 || f?.kind !== 'text' || f.exclude) return null;
  const v = f.text.trim().toLowerCase();
  return usesFts(v, dialect) ? ftsPhrase(v) : null;
}
