/**
 * The search keyword grammar (docs/product.md §5, docs/compatibility.md "Search"): text → SearchTerm[].
 *
 * Rules, in the order the scanner applies them:
 * - Terms are separated by any Unicode whitespace (spaces, U+3000, tabs, line breaks).
 * - `"…"` groups text, spaces and `$` included, and the quotes are dropped; `""` inside quotes is
 *   one literal `"`. An unclosed quote runs to the end (the user is still typing).
 * - A leading `-` excludes the term. A lone `-` or a term that is empty after quote removal is dropped.
 * - `$` starts a special term: `$ns` (partialNamespace), `$ns:value` (partialValue) and
 *   `$ns:value$` (fullSpecial). `$-ns…` excludes it as `-$ns…` does. The full-width `＄` and `：`
 *   an IME produces count as `$` and `:`.
 * - A value may contain spaces (never line breaks) when its closing `$` is followed by whitespace,
 *   another `$` or the end, so `$circle:Team Sasayaki$` is one term while in
 *   `$tag:ASMR word $va:X$` the unfinished `$tag:ASMR` stops at the first space.
 * - Namespaces are case-insensitive; aliases (t, c, v, d) resolve to the long name once the `:` is
 *   typed. An unknown namespace is kept as typed so the server can name it in its 400 answer.
 *
 * Parsing never throws: every input yields some list of terms.
 */
import { NAMESPACE_ALIASES, SEARCH_NAMESPACES, type SearchTerm } from './types.ts';

/** A term with the span of the keyword it came from (`start` includes a leading `-`). */
export interface LocatedTerm {
  term: SearchTerm;
  start: number;
  end: number;
}

const WHITESPACE = /\s/u;
const LINE_BREAK = /[\n\r\v\f\u2028\u2029]/;

const isSpace = (c: string | undefined): boolean => c !== undefined && WHITESPACE.test(c);
const isDollar = (c: string | undefined): boolean => c === '$' || c === '＄';
const isColon = (c: string | undefined): boolean => c === ':' || c === '：';

interface Run {
  text: string;
  /** Index just after the run (at the stopping character, if any). */
  end: number;
  /** True when the run stopped at a `$`. */
  closed: boolean;
  /** True when the run went past unquoted whitespace. */
  crossedSpace: boolean;
}

interface RunOptions {
  /** Stop at an unquoted `$` (values) or keep it as text (plain terms). */
  stopAtDollar: boolean;
  /** Let unquoted spaces (not line breaks) belong to the run. */
  spanSpaces: boolean;
}

/** Reads text from `i`, taking quoted segments literally, until a stop character or the end. */
function readRun(s: string, i: number, opts: RunOptions): Run {
  let text = '';
  let crossedSpace = false;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"') {
      i++;
      while (i < s.length) {
        if (s[i] === '"') {
          if (s[i + 1] !== '"') break;
          text += '"';
          i += 2;
        } else {
          text += s[i];
          i++;
        }
      }
      i++; // the closing quote (or one past the end when unclosed)
      continue;
    }
    if (opts.stopAtDollar && isDollar(c)) return { text, end: i, closed: true, crossedSpace };
    if (isSpace(c)) {
      if (!opts.spanSpaces || LINE_BREAK.test(c)) break;
      crossedSpace = true;
    }
    text += c;
    i++;
  }
  return { text, end: Math.min(i, s.length), closed: false, crossedSpace };
}

const KNOWN = new Set<string>(SEARCH_NAMESPACES);

/** The long name of a known namespace or alias (any case); anything else as typed. */
export function canonicalNamespace(raw: string): string {
  const lower = raw.toLowerCase();
  if (KNOWN.has(lower)) return lower;
  return NAMESPACE_ALIASES[lower] ?? raw;
}

/** Reads a value after `:`; see the module comment for when it may contain spaces. */
function readValue(s: string, i: number): Run {
  const spanning = readRun(s, i, { stopAtDollar: true, spanSpaces: true });
  if (spanning.closed) {
    const after = s[spanning.end + 1];
    if (!spanning.crossedSpace || after === undefined || isSpace(after) || isDollar(after)) return spanning;
  }
  return readRun(s, i, { stopAtDollar: true, spanSpaces: false });
}

/** Parses a special term whose `$` is at `i`. */
function readSpecial(s: string, i: number, excluded: boolean): { term: SearchTerm; end: number } {
  let j = i + 1;
  let isExclude = excluded;
  if (s[j] === '-') {
    isExclude = true;
    j++;
  }
  const nsStart = j;
  while (j < s.length && !isSpace(s[j]) && !isDollar(s[j]) && !isColon(s[j])) j++;
  const rawNamespace = s.slice(nsStart, j);
  if (isDollar(s[j])) {
    // `$tag$`: complete but without a value; kept so validation can say what is missing.
    return {
      term: { type: 'fullSpecial', namespace: canonicalNamespace(rawNamespace), value: '', isExclude },
      end: j + 1,
    };
  }
  if (!isColon(s[j])) {
    // Still typing the namespace: keep it as typed, the search box matches it as a prefix.
    return { term: { type: 'partialNamespace', namespace: rawNamespace, value: '', isExclude }, end: j };
  }
  const value = readValue(s, j + 1);
  return {
    term: {
      type: value.closed ? 'fullSpecial' : 'partialValue',
      namespace: canonicalNamespace(rawNamespace),
      value: value.text.trim(),
      isExclude,
    },
    end: value.closed ? value.end + 1 : value.end,
  };
}

/** Every term of a keyword with where it sits in the text (for chips that remove or replace it). */
export function locateTerms(keyword: string): LocatedTerm[] {
  const s = typeof keyword === 'string' ? keyword : '';
  const out: LocatedTerm[] = [];
  let i = 0;
  while (i < s.length) {
    if (isSpace(s[i])) {
      i++;
      continue;
    }
    const start = i;
    const excluded = s[i] === '-';
    if (excluded) i++;
    if (isDollar(s[i])) {
      const special = readSpecial(s, i, excluded);
      out.push({ term: special.term, start, end: special.end });
      i = special.end;
      continue;
    }
    const run = readRun(s, i, { stopAtDollar: false, spanSpaces: false });
    const text = run.text.trim();
    if (text !== '')
      out.push({ term: { type: 'plain', value: text, isExclude: excluded }, start, end: run.end });
    i = Math.max(run.end, i + (excluded ? 0 : 1));
  }
  return out;
}

/** The terms of a search keyword, in order. Never throws. */
export function parseKeyword(keyword: string): SearchTerm[] {
  return locateTerms(keyword).map((t) => t.term);
}

/** Whether two terms mean the same thing (namespaces are already canonical after parsing). */
export function sameTerm(a: SearchTerm, b: SearchTerm): boolean {
  return (
    a.type === b.type &&
    a.value === b.value &&
    a.isExclude === b.isExclude &&
    (a.namespace ?? '') === (b.namespace ?? '')
  );
}

/**
 * The term the text cursor is in or just after (the one the search box suggests for), with its
 * index in parseKeyword's list; null when the cursor sits in whitespace between terms.
 */
export function termAt(keyword: string, cursor: number): (LocatedTerm & { index: number }) | null {
  const located = locateTerms(keyword);
  const index = located.findIndex((t) => t.start <= cursor && cursor <= t.end);
  return index === -1 ? null : { ...located[index]!, index };
}
