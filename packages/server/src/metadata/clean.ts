/**
 * Total readers for untrusted metadata values. Each reader answers a value of the wanted type
 * whatever it is given, and notes in the work's repair log every value it had to change:
 * coerced ("12" → 12, "true" → true, one object where a list belongs → a list of one), cut
 * (length caps, list caps), cleaned (control and invisible characters) or dropped.
 */

export interface Repair {
  /** Field path without list indexes: `language_editions.edition_id`. */
  field: string;
  problem: string;
}

export class RepairLog {
  readonly repairs: Repair[] = [];

  note(field: string, problem: string): void {
    // One note per field and problem is enough to tell what happened to a work.
    if (!this.repairs.some((r) => r.field === field && r.problem === problem)) {
      this.repairs.push({ field, problem });
    }
  }
}

/** Largest value of a database integer column (PostgreSQL `integer`). */
export const MAX_INT32 = 2_147_483_647;

/**
 * Characters removed from every text: C0 and C1 controls (NUL, escape sequences, stray line
 * breaks), zero-width space and word joiner, bidirectional embedding, override and isolate
 * marks, the byte-order mark, soft hyphens, lone surrogate halves and the noncharacters U+FFFE
 * and U+FFFF. Zero-width joiner and non-joiner (U+200C/U+200D, needed by emoji sequences and
 * several scripts), variation selectors and combining marks are kept.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Line breaks and tabs inside one-line fields become spaces before the rest is cleaned. */
const WHITESPACE_CONTROLS = /[\t\n\r\v\f\u0085\u2028\u2029]+/g;

/** Cuts at `max` UTF-16 units without splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const end = /[\ud800-\udbff]/.test(s[max - 1]!) ? max - 1 : max;
  return s.slice(0, end);
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);

export class Reader {
  constructor(readonly log: RepairLog) {}

  /**
   * A one-line text of at most `max` characters, or null when absent or empty. Numbers and
   * booleans become their text; objects and lists are dropped.
   */
  text(v: unknown, field: string, max: number): string | null {
    if (v === undefined || v === null) return null;
    let s: string;
    if (typeof v === 'string') s = v;
    else if (typeof v === 'number' && Number.isFinite(v)) {
      s = String(v);
      this.log.note(field, 'number read as text');
    } else if (typeof v === 'boolean') {
      s = String(v);
      this.log.note(field, 'boolean read as text');
    } else {
      this.log.note(field, `${typeName(v)} where a text belongs: dropped`);
      return null;
    }
    const cleaned = s.replace(WHITESPACE_CONTROLS, ' ').replace(INVISIBLE, '');
    if (cleaned.length !== s.replace(WHITESPACE_CONTROLS, ' ').length) {
      this.log.note(field, 'control or invisible characters removed');
    }
    let out = cleaned.trim().replace(/ {2,}/g, ' ');
    if (out.length > max) {
      out = cut(out, max).trimEnd();
      this.log.note(field, `longer than ${max} characters: cut`);
    }
    return out || null;
  }

  /**
   * An integer in [min, max]: numeric strings are read, fractions rounded, values out of range
   * clamped; anything else (NaN, Infinity, objects) gives `fallback`.
   */
  int(v: unknown, field: string, min: number, max: number, fallback: number): number {
    const n = this.number(v, field);
    if (n === null) return fallback;
    const r = Math.round(n);
    if (r !== n) this.log.note(field, 'fraction rounded');
    if (r < min || r > max) {
      this.log.note(field, `out of range ${min}..${max}: clamped`);
      return Math.min(max, Math.max(min, r));
    }
    return r;
  }

  /** A finite number in [min, max] (clamped), or `fallback`. */
  real(v: unknown, field: string, min: number, max: number, fallback: number): number {
    const n = this.number(v, field);
    if (n === null) return fallback;
    if (n < min || n > max) {
      this.log.note(field, `out of range ${min}..${max}: clamped`);
      return Math.min(max, Math.max(min, n));
    }
    return n;
  }

  /** A positive integer id below `max` (database ids), or null. */
  id(v: unknown, field: string, max: number): number | null {
    if (v === undefined || v === null || v === '') return null;
    const n = this.number(v, field);
    if (n === null) return null;
    if (!Number.isInteger(n) || n < 1 || n > max) {
      this.log.note(field, `not an id in 1..${max}: dropped`);
      return null;
    }
    return n;
  }

  private number(v: unknown, field: string): number | null {
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) return v;
      this.log.note(field, 'not a finite number: dropped');
      return null;
    }
    if (typeof v === 'string') {
      const n = Number(v.trim().replace(/,/g, ''));
      if (v.trim() && Number.isFinite(n)) {
        this.log.note(field, 'numeric text read as a number');
        return n;
      }
    }
    this.log.note(field, `${typeName(v)} where a number belongs: dropped`);
    return null;
  }

  /** true/false, also from "true"/"false", "1"/"0" and 1/0; null when absent or unclear. */
  bool(v: unknown, field: string): boolean | null {
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v;
    const s = String(v).trim().toLowerCase();
    if (typeof v !== 'object') {
      if (s === 'true' || s === '1' || s === 'yes') {
        this.log.note(field, `${typeName(v)} read as a boolean`);
        return true;
      }
      if (s === 'false' || s === '0' || s === 'no') {
        this.log.note(field, `${typeName(v)} read as a boolean`);
        return false;
      }
    }
    this.log.note(field, `${typeName(v)} where a boolean belongs: dropped`);
    return null;
  }

  /** `YYYY-MM-DD` of a real calendar day (1900–2199) from a date or date-time text, or null. */
  date(v: unknown, field: string): string | null {
    if (v === undefined || v === null || v === '') return null;
    const m = typeof v === 'string' ? /^\s*(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(v) : null;
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const day = new Date(Date.UTC(y, mo - 1, d));
      if (y >= 1900 && y < 2200 && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d) {
        return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      }
    }
    this.log.note(field, 'not a valid date: dropped');
    return null;
  }

  /** A plain object, or null (noting anything else that was there). */
  object(v: unknown, field: string): Record<string, unknown> | null {
    if (v === undefined || v === null) return null;
    if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    this.log.note(field, `${typeName(v)} where an object belongs: dropped`);
    return null;
  }

  /**
   * A list of at most `max` items: one value where a list belongs becomes a list of one;
   * a longer list is cut.
   */
  list(v: unknown, field: string, max: number): unknown[] {
    if (v === undefined || v === null) return [];
    let items: unknown[];
    if (Array.isArray(v)) items = v;
    else {
      this.log.note(field, `single ${typeName(v)} read as a list`);
      items = [v];
    }
    if (items.length > max) {
      this.log.note(field, `more than ${max} entries: cut`);
      items = items.slice(0, max);
    }
    return items;
  }
}
