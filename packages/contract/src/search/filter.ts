/**
 * What each search term means (docs/compatibility.md "Search"), as a filter the server compiles to SQL.
 * This is the one place for those rules: which namespaces exist, `≥` versus `<`, weak tags,
 * value formats. A term that cannot be searched gets a reason a person can act on (the server's
 * 400 message).
 */
import type { AgeCategory, LanguageCode } from '../constants.ts';
import { type ErrorArgs, type ErrorCode, type ErrorParamValue, errorMessage } from '../errors.ts';
import { parseWorkIdParam } from '../workCode.ts';
import { formatTerm } from './format.ts';
import type { SearchTerm } from './types.ts';
import { parseAgeValue, parseDurationValue, parseLanguageValue, parseNumberValue } from './values.ts';

/** Work columns compared by the numeric namespaces. */
export type RangeField = 'rate_average_2dp' | 'dl_count' | 'price' | 'duration';

export type SearchFilter =
  /** Fuzzy text over title, circle, voice actors and tags. */
  | { kind: 'text'; text: string; exclude: boolean }
  /** A plain term that is a whole work code (RJ01234567, VJ…, BJ…): that work. */
  | { kind: 'work'; id: number; exclude: boolean }
  /** Has the tag; `weak` also counts low-trust (weak-status) tags. */
  | { kind: 'tag'; name: string; weak: boolean; exclude: boolean }
  | { kind: 'circle'; name: string; exclude: boolean }
  | { kind: 'va'; name: string; exclude: boolean }
  /** `field >= value`, or `field < value` for the excluded form. */
  | { kind: 'range'; field: RangeField; op: '>=' | '<'; value: number }
  | { kind: 'age'; age: AgeCategory; exclude: boolean }
  /** Has an edition in this language. */
  | { kind: 'lang'; lang: LanguageCode; exclude: boolean };

/**
 * `filter` is null for a partial term: the search box is still being typed, nothing to search yet.
 * A term that cannot be searched names its error (the catalogue's code) and the message in words.
 */
export type CompiledTerm =
  | { ok: true; filter: SearchFilter | null }
  | { ok: false; reason: string; error: SearchTermError };

type SearchTermCode = Extract<ErrorCode, `SEARCH_${string}`>;
export type SearchTermError = { code: SearchTermCode; params?: Record<string, ErrorParamValue> };

const WORK_CODE = /^(RJ|VJ|BJ)\d{6,8}$/i;

function fail<C extends SearchTermCode>(code: C, ...args: ErrorArgs<C>): CompiledTerm {
  const params = args[0] as Record<string, ErrorParamValue> | undefined;
  return { ok: false, reason: errorMessage(code, ...args), error: params ? { code, params } : { code } };
}
const pass = (filter: SearchFilter): CompiledTerm => ({ ok: true, filter });

function range(term: SearchTerm, field: RangeField, value: number): CompiledTerm {
  return pass({ kind: 'range', field, op: term.isExclude ? '<' : '>=', value });
}

function number(
  term: SearchTerm,
  field: RangeField,
  code: 'SEARCH_TERM_RATE' | 'SEARCH_TERM_SELL' | 'SEARCH_TERM_PRICE',
  max?: number,
): CompiledTerm {
  const n = parseNumberValue(term.value);
  if (n === null || (max !== undefined && n > max) || (max === undefined && !Number.isInteger(n))) {
    return fail(code, { term: formatTerm(term) });
  }
  return range(term, field, n);
}

/**
 * The filter a term stands for. Partial terms (`$ns`, `$ns:value` without the closing `$`) are
 * still being typed in the search box and filter nothing, as the server's search ignores them.
 */
export function compileTerm(term: SearchTerm): CompiledTerm {
  const exclude = term.isExclude;
  const value = term.value.trim();
  if (term.type === 'partialNamespace' || term.type === 'partialValue') return { ok: true, filter: null };
  if (term.type === 'plain') {
    if (value === '') return fail('SEARCH_TERM_EMPTY');
    if (WORK_CODE.test(value)) return pass({ kind: 'work', id: parseWorkIdParam(value)!, exclude });
    return pass({ kind: 'text', text: value, exclude });
  }
  const ns = term.namespace ?? '';
  const shown = formatTerm(term);
  if (value === '' && ns !== '') {
    return fail('SEARCH_TERM_NO_VALUE', { term: shown, namespace: ns });
  }
  switch (ns) {
    case 'tag':
    case 'tagw':
      return pass({ kind: 'tag', name: value, weak: ns === 'tagw', exclude });
    case 'circle':
    case 'va':
      return pass({ kind: ns, name: value, exclude });
    case 'rate':
      return number(term, 'rate_average_2dp', 'SEARCH_TERM_RATE', 5);
    case 'sell':
      return number(term, 'dl_count', 'SEARCH_TERM_SELL');
    case 'price':
      return number(term, 'price', 'SEARCH_TERM_PRICE');
    case 'duration': {
      const seconds = parseDurationValue(value);
      if (seconds === null) {
        return fail('SEARCH_TERM_DURATION', { term: shown });
      }
      return range(term, 'duration', seconds);
    }
    case 'age': {
      const age = parseAgeValue(value);
      if (age === null) return fail('SEARCH_TERM_AGE', { term: shown });
      return pass({ kind: 'age', age, exclude });
    }
    case 'lang': {
      const lang = parseLanguageValue(value);
      if (lang === null) {
        return fail('SEARCH_TERM_LANG', { term: shown });
      }
      return pass({ kind: 'lang', lang, exclude });
    }
    default:
      return fail('SEARCH_NAMESPACE_UNKNOWN', { namespace: ns, term: shown });
  }
}

/** Whether a term can be searched, and if not why (the message the server answers with a 400). */
export function validateTerm(term: SearchTerm): { ok: true } | { ok: false; reason: string } {
  const compiled = compileTerm(term);
  return compiled.ok ? { ok: true } : compiled;
}
