/** Which image of a work folder is its cover: chosen at scan time, named in the work's row. */

const IMAGE_EXT = /\.(jpe?g|png|webp|gif|bmp|avif)$/i;
const NAMED = [/^cover\./i, /^folder\./i, /^main\./i];

/**
 * The cover among a work's files (paths relative to the work folder), or null:
 * `cover.*`, `folder.*`, `main.*`, `{code}_img_main.*` (shallowest first), then the image the
 * metadata names, then the first image (shallowest, then by path).
 */
export function chooseCover(code: string, filePaths: string[], hint: string | null = null): string | null {
  const images = filePaths
    .filter((p) => IMAGE_EXT.test(p))
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : a > b ? 1 : 0));
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const codeMain = new RegExp(`^${code}_img_main\\.`, 'i');
  for (const rule of [...NAMED, codeMain]) {
    const hit = images.find((p) => rule.test(base(p)));
    if (hit) return hit;
  }
  if (hint) {
    const h = hint.toLowerCase();
    const hit = images.find((p) => p.toLowerCase() === h || base(p).toLowerCase() === h);
    if (hit) return hit;
  }
  return images[0] ?? null;
}
