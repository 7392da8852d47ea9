/**
 * Search compiler: parsed keyword terms (contract SearchTerm[]) → parameterised SQL conditions
 * over the works table aliased `w`. User text only ever travels as a bound parameter; LIKE
 * patterns have their wildcards escaped. Partial terms (the box is still being typed) are ignored.
 */
import { AGE_CATEGORIES, findWorkCode, LANGUAGE_CODES, type SearchTerm, workIdOf } from '@sasayaki/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import { badRequest } from '../errors.ts';
import { parseDurationSeconds } from './searchValues.ts';

type Cond = Expression<SqlBool>;

/** `%x%` with LIKE's own wildcards (and the escape character) taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search text is stored lower-cased; terms are compared the same way. */
function norm(text: string): string {
  return text.trim().toLowerCase();
}

const WHOLE_CODE = /^(RJ|VJ|BJ)\d{6,8}$/i;

/** Substring match on works.search_text; CJK-safe (no word segmentation needed). */
function textMatch(value: string, dialect: Dialect): Cond {
  const v = norm(value);
  if (dialect === 'sqlite' && [...v].length >= 3) {
    // FTS5 trigram index: a quoted phrase matches any substring of at least 3 characters.
    const phrase = `"${v.replace(/"/g, '""')}"`;
    return sql<SqlBool>`w.id in (select rowid from works_fts where works_fts match ${phrase})`;
  }
  // PostgreSQL: the pg_trgm GIN index serves LIKE; SQLite: 1–2 characters scan search_text.
  return sql<SqlBool>`w.search_text like ${likeContains(v)} escape '\\'`;
}

function numberValue(term: SearchTerm): number {
  const n = Number(term.value.trim());
  if (term.value.trim() === '' || !Number.isFinite(n)) {
    throw badRequest(`Search term $${term.namespace}:${term.value}$ needs a number`);
  }
  return n;
}

/** A condition that holds for matching works, negated for excluded terms. */
function positive(term: SearchTerm, dialect: Dialect): Cond {
  const ns = term.namespace ?? '';
  const v = norm(term.value);
  if (term.type === 'plain') {
    const trimmed = term.value.trim();
    if (WHOLE_CODE.test(trimmed)) {
      const code = findWorkCode(trimmed);
      if (code) return sql<SqlBool>`w.id = ${workIdOf(code)}`;
    }
    return textMatch(term.value, dialect);
  }
  if (v === '') throw badRequest(`Search term $${ns}:$ needs a value`);
  switch (ns) {
    case 'tag':
    case 'tagw': {
      // tag: normal-trust tags only; tagw: weak ones too (downvoted tags never count).
      const statuses = ns === 'tag' ? [1] : [0, 1];
      return sql<SqlBool>`w.id in (select wt.work_id from work_tags wt where wt.vote_status in (${sql.join(
        statuses,
      )}) and wt.tag_id in (select t.id from tags t where lower(t.name) = ${v} or lower(t.name_en) = ${v} or lower(t.name_ja) = ${v} or lower(t.name_zh) = ${v}))`;
    }
    case 'circle':
      return sql<SqlBool>`w.circle_id in (select c.id from circles c where lower(c.name) = ${v})`;
    case 'va':
      return sql<SqlBool>`w.id in (select wv.work_id from work_vas wv where wv.va_id in (select a.id from vas a where lower(a.name) = ${v}))`;
    case 'rate':
      return sql<SqlBool>`w.rate_average_2dp >= ${numberValue(term)}`;
    case 'sell':
      return sql<SqlBool>`w.dl_count >= ${numberValue(term)}`;
    case 'price':
      return sql<SqlBool>`w.price >= ${numberValue(term)}`;
    case 'duration': {
      const seconds = parseDurationSeconds(term.value);
      if (seconds === null) {
        throw badRequest(
          `Search term $duration:${term.value}$: use a duration like 30m, 1.2h, 90s or minutes`,
        );
      }
      return sql<SqlBool>`w.duration >= ${seconds}`;
    }
    case 'age': {
      if (!(AGE_CATEGORIES as readonly string[]).includes(v)) {
        throw badRequest(`Search term $age:${term.value}$: age must be one of ${AGE_CATEGORIES.join(', ')}`);
      }
      return sql<SqlBool>`w.age_category = ${v}`;
    }
    case 'lang': {
      const code = term.value.trim().toUpperCase();
      if (!(LANGUAGE_CODES as readonly string[]).includes(code)) {
        throw badRequest(
          `Search term $lang:${term.value}$: language must be one of ${LANGUAGE_CODES.join(', ')}`,
        );
      }
      // The work's own edition language, or any of its listed language editions (stored as JSON).
      return sql<SqlBool>`(w.lang = ${code} or w.language_editions like ${likeContains(`"lang":"${code}"`)} escape '\\')`;
    }
    default:
      throw badRequest(`Unknown search namespace "${ns}"`);
  }
}

/**
 * One condition per complete term, to be AND-ed together. Exclusions of numeric bounds mean
 * "below" (`$-rate:4$` → rating < 4), which is exactly the negation of the inclusive lower bound.
 */
export function compileSearchTerms(terms: readonly SearchTerm[], dialect: Dialect): Cond[] {
  const out: Cond[] = [];
  for (const term of terms) {
    if (term.type === 'partialNamespace' || term.type === 'partialValue') continue;
    if (term.type === 'plain' && term.value.trim() === '') continue;
    const cond = positive(term, dialect);
    out.push(term.isExclude ? sql<SqlBool>`not (${cond})` : cond);
  }
  return out;
}
