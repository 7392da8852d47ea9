/**
 * Work codes: RJ, VJ or BJ followed by 6 to 8 digits, as a whole word.
 *
 * Numeric work ids must never collide between prefixes, so each prefix owns a range:
 * RJ n → n, BJ n → 100,000,000 + n, VJ n → 200,000,000 + n (8 digits are at most 99,999,999).
 */
export type WorkPrefix = 'RJ' | 'VJ' | 'BJ';

export interface WorkCode {
  prefix: WorkPrefix;
  /** The digits as a number (leading zeros dropped). */
  number: number;
  /** The code as written in the source, normalised to upper case, e.g. `RJ01234567`. */
  code: string;
}

const PREFIX_OFFSET: Record<WorkPrefix, number> = { RJ: 0, BJ: 100_000_000, VJ: 200_000_000 };
const RANGE = 100_000_000;
/** Highest work id: VJ99999999. Ids stay 32-bit integers in both databases. */
export const WORK_ID_MAX = PREFIX_OFFSET.VJ + RANGE - 1;

/** Whole-word work code: no letter or digit may touch it on either side (underscores may). */
const CODE_SOURCE = '(?<![A-Za-z0-9])(RJ|VJ|BJ)(\\d{6,8})(?![A-Za-z0-9])';

export function workCodeRegExp(flags = 'gi'): RegExp {
  return new RegExp(CODE_SOURCE, flags);
}

function toCode(prefix: string, digits: string): WorkCode {
  const p = prefix.toUpperCase() as WorkPrefix;
  return { prefix: p, number: Number(digits), code: `${p}${digits}` };
}

/** Every work code in a text, in order of appearance, duplicates removed. */
export function findWorkCodes(text: string): WorkCode[] {
  const seen = new Set<string>();
  const out: WorkCode[] = [];
  for (const m of text.matchAll(workCodeRegExp())) {
    const wc = toCode(m[1]!, m[2]!);
    if (!seen.has(wc.code)) {
      seen.add(wc.code);
      out.push(wc);
    }
  }
  return out;
}

/** The first work code in a text (a folder name, say), or null. */
export function findWorkCode(text: string): WorkCode | null {
  const m = workCodeRegExp('i').exec(text);
  return m ? toCode(m[1]!, m[2]!) : null;
}

/** Spans of work codes in a text, for highlighting matches in the playlist import box. */
export function workCodeSpans(text: string): { start: number; end: number; code: string }[] {
  return [...text.matchAll(workCodeRegExp())].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    code: toCode(m[1]!, m[2]!).code,
  }));
}

export function workIdOf(code: WorkCode): number {
  return PREFIX_OFFSET[code.prefix] + code.number;
}

/** Digits padded to 6, or to 8 when the number is at least 1,000,000. */
export function padWorkNumber(n: number): string {
  return String(n).padStart(n >= 1_000_000 ? 8 : 6, '0');
}

/** The canonical code of a numeric work id: 1441165 → RJ01441165, 100000123 → BJ000123. */
export function workCodeOfId(id: number): string {
  const prefix: WorkPrefix = id >= PREFIX_OFFSET.VJ ? 'VJ' : id >= PREFIX_OFFSET.BJ ? 'BJ' : 'RJ';
  return `${prefix}${padWorkNumber(id - PREFIX_OFFSET[prefix])}`;
}

/**
 * A work id as clients send it in a path: `1441165`, `01441165` or `RJ01441165` (any case).
 * Returns null for anything else.
 */
export function parseWorkIdParam(raw: string): number | null {
  const s = raw.trim();
  const coded = /^(RJ|VJ|BJ)(\d{1,9})$/i.exec(s);
  if (coded) {
    const n = Number(coded[2]);
    return n < RANGE
      ? workIdOf({ prefix: coded[1]!.toUpperCase() as WorkPrefix, number: n, code: '' })
      : null;
  }
  if (/^\d{1,10}$/.test(s)) {
    const n = Number(s);
    return n > 0 && n <= WORK_ID_MAX ? n : null;
  }
  return null;
}
