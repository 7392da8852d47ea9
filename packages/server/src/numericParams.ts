/**
 * The one parser for whole numbers that arrive in URLs (query strings, path segments) and in
 * list parameters. A number is plain decimal digits with an optional minus sign: `1e3`, `0x10`,
 * ` 1`, `1.0`, `NaN` and `Infinity` are refused, and so is anything outside the field's range or,
 * when the field names none, outside a 32-bit integer (the width of every integer column).
 *
 * `checkNumericParams` (http/hooks.ts) applies it, before schema validation, to every query-string
 * and path field whose route schema says `type: 'integer'`, with the schema's minimum and maximum.
 */
import { fail } from './errors.ts';

export const INT32_MAX = 2_147_483_647;

const PLAIN_INTEGER = /^-?[0-9]{1,16}$/;

/** A finite whole number as given, or the value of a plain decimal string; otherwise null. */
export function plainInteger(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw !== 'string' || !PLAIN_INTEGER.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

export const badNumber = (name: string, min: number, max: number) => fail('BAD_NUMBER', { name, min, max });

/** `raw` as a whole number in [min, max], or a 400 naming the field and its range. */
export function integerParam(raw: unknown, name: string, min = -INT32_MAX, max = INT32_MAX): number {
  const n = plainInteger(raw);
  if (n === null || n < min || n > max) throw badNumber(name, min, max);
  return n;
}
