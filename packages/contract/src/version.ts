/** App version strings (docs/product.md §5: split on underscores or dots, patch defaulting to 0). */

/** The version of the app (docs/product.md §9). */
export const APP_VERSION = '1.1.3';

export interface Version {
  major: number;
  minor: number;
  patch: number;
}

/**
 * `1.1.3`, `1_1_3`, `1.1` or `v1_1` → {major, minor, patch}; the patch defaults to 0. Null for
 * anything else (missing minor, more than three parts, non-digits).
 */
export function parseVersion(text: string): Version | null {
  const parts = String(text).trim().replace(/^v/i, '').split(/[._]/);
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^\d+$/.test(p))) return null;
  const [major, minor, patch = 0] = parts.map(Number) as [number, number, number?];
  return { major, minor, patch };
}

export function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/**
 * Orders two versions: negative when `a` is older, 0 when equal, positive when newer. A string
 * that is not a version counts as 0.0.0, so it sorts before every real version.
 */
export function compareVersions(a: string | Version, b: string | Version): number {
  const zero: Version = { major: 0, minor: 0, patch: 0 };
  const va = (typeof a === 'string' ? parseVersion(a) : a) ?? zero;
  const vb = (typeof b === 'string' ? parseVersion(b) : b) ?? zero;
  return Math.sign(va.major - vb.major || va.minor - vb.minor || va.patch - vb.patch);
}
