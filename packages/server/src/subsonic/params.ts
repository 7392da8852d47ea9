/**
 * A call's parameters: the query string and, with the `formPost` extension, an
 * application/x-www-form-urlencoded body, merged (the body's values after the query's). Every
 * parameter may repeat (`id=1&id=2`); readers take the first or all values.
 */
import { plainInteger } from '../numericParams.ts';
import { invalid, missing } from './protocol.ts';

type Raw = Record<string, string | string[] | undefined>;

export class Params {
  private readonly values = new Map<string, string[]>();

  constructor(...sources: unknown[]) {
    for (const source of sources) {
      if (!source || typeof source !== 'object') continue;
      for (const [k, v] of Object.entries(source as Raw)) {
        if (v === undefined) continue;
        const list = this.values.get(k) ?? [];
        for (const item of Array.isArray(v) ? v : [v]) list.push(String(item));
        this.values.set(k, list);
      }
    }
  }

  has(name: string): boolean {
    return (this.values.get(name)?.length ?? 0) > 0;
  }

  /** The first value, or undefined. */
  str(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  /** The first value, or error 10. */
  need(name: string): string {
    const v = this.str(name);
    if (v === undefined || v === '') throw missing(name);
    return v;
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  /** A whole number in [min, max], the default when absent, or error 0 naming the range. */
  int(name: string, dflt: number, min: number, max: number): number {
    const raw = this.str(name);
    if (raw === undefined || raw === '') return dflt;
    const n = plainInteger(raw.trim());
    if (n === null || n < min || n > max) throw invalid(name, `must be a whole number from ${min} to ${max}`);
    return n;
  }

  /** Like int, but required. */
  needInt(name: string, min: number, max: number): number {
    this.need(name);
    return this.int(name, 0, min, max);
  }

  bool(name: string, dflt: boolean): boolean {
    const raw = this.str(name)?.trim().toLowerCase();
    if (raw === undefined || raw === '') return dflt;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw invalid(name, 'must be true or false');
  }
}

/** Parses a form body into repeated-key lists, the same way the query string is read. */
export function parseForm(body: string): Raw {
  const out: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const list = out[k] ?? [];
    list.push(v);
    out[k] = list;
  }
  return out;
}
