/**
 * Account names as people read them. Two names that look alike (`Guest` and `guest`, full-width
 * `ａｄｍｉｎ` and `admin`) share one key, and names with characters nobody can see are refused, so
 * one account cannot pass for another.
 */

/** NFKC folds compatibility forms (full-width, ligatures), then case is folded. */
export function nameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

/**
 * Control, format (zero-width space and joiners, bidi overrides), private-use, surrogate,
 * unassigned and line/paragraph separator characters, plus the blank fillers and variation
 * selectors that render as nothing.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: every code point is matched on its own, combining ones too.
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0]/u;

export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name);
}
