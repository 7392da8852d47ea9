/**
 * Work covers. At scan time `chooseCover` picks the image of a work folder; on request
 * `coverFile` returns a cached JPEG variant made once with sharp (or a placeholder).
 *
 * Contract for the cover route: `coverFile(ctx, workId, type)` resolves to the absolute path of
 * a JPEG file in the cover cache to send (`image/jpeg`), or null when no such work exists (→ 404).
 * The source image is read through the work's library root (storage/root.ts). Variants are
 * cached in `<data>/covers/`, named after the source image's path, size and mtime, so a
 * replaced cover gets new variants and an unchanged one is never re-encoded.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CoverType } from '@sasayaki/contract';
import sharp, { type Sharp } from 'sharp';
import { paths } from '../config.ts';
import type { AppContext } from '../context.ts';
import { isDiskFull } from '../errors.ts';
import { findWorkCover } from '../repositories/works.ts';
import { StorageError } from '../storage/root.ts';

export { COVER_TYPES, type CoverType } from '@sasayaki/contract';

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

const SIZES: Record<CoverType, (img: Sharp) => Sharp> = {
  main: (img) => img.resize(1000, 1000, { fit: 'inside', withoutEnlargement: true }),
  sam: (img) => img.resize(300, 300, { fit: 'inside', withoutEnlargement: true }),
  '240x240': (img) => img.resize(240, 240, { fit: 'cover', position: 'centre' }),
};

const PLACEHOLDER_SIZE: Record<CoverType, [number, number]> = {
  main: [560, 420],
  sam: [300, 225],
  '240x240': [240, 240],
};

function placeholderSvg([w, h]: [number, number]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#d9d4e7"/>
    <g fill="none" stroke="#8d86a8" stroke-width="${Math.max(3, w / 60)}" stroke-linecap="round">
      <path d="M${w * 0.38} ${h * 0.62} v-${h * 0.2} a${w * 0.12} ${w * 0.12} 0 0 1 ${w * 0.24} 0 v${h * 0.2}"/>
      <rect x="${w * 0.34}" y="${h * 0.58}" width="${w * 0.07}" height="${h * 0.14}" rx="4"/>
      <rect x="${w * 0.59}" y="${h * 0.58}" width="${w * 0.07}" height="${h * 0.14}" rx="4"/>
    </g></svg>`);
}

const inflight = new Map<string, Promise<string>>();

/**
 * Writes `out` once (write to a temp name, then rename: readers never see half a file, and a
 * failed write, a full disk included, leaves nothing behind).
 */
function renderOnce(out: string, render: () => Promise<Buffer>): Promise<string> {
  if (fs.existsSync(out)) return Promise.resolve(out);
  let job = inflight.get(out);
  if (!job) {
    job = (async () => {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      const tmp = `${out}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, await render());
        fs.renameSync(tmp, out);
      } finally {
        fs.rmSync(tmp, { force: true });
      }
      return out;
    })().finally(() => inflight.delete(out));
    inflight.set(out, job);
  }
  return job;
}

function placeholder(ctx: AppContext, type: CoverType): Promise<string> {
  const out = path.join(paths.covers(ctx.config), `placeholder-${type}.jpg`);
  return renderOnce(out, () =>
    sharp(placeholderSvg(PLACEHOLDER_SIZE[type])).jpeg({ quality: 80 }).toBuffer(),
  );
}

/** The work's cover image, opened through its library root; null when it cannot be read there. */
async function openSource(ctx: AppContext, work: { root_index: number; folder_path: string }, cover: string) {
  try {
    const { root, rel } = ctx.library.locate(work, cover);
    return await root.open(rel);
  } catch (err) {
    // Gone, or replaced by a link out of the library since the scan: never read outside it.
    if (err instanceof StorageError) return null;
    throw err;
  }
}

/** Path of the JPEG to send for a work's cover, or null when the work does not exist. */
export async function coverFile(ctx: AppContext, workId: number, type: CoverType): Promise<string | null> {
  const work = await findWorkCover(ctx.db.db, workId);
  if (!work) return null;
  const source = work.cover_path ? await openSource(ctx, work, work.cover_path) : null;
  if (!source) return placeholder(ctx, type);
  try {
    const key = createHash('sha1')
      .update(
        `${work.folder_path}\0${work.cover_path}\0${source.stat.size}\0${Math.trunc(source.stat.mtimeMs)}`,
      )
      .digest('hex')
      .slice(0, 16);
    const out = path.join(paths.covers(ctx.config), `${workId}-${type}-${key}.jpg`);
    return await renderOnce(out, async () =>
      SIZES[type](sharp(await source.handle.readFile(), { failOn: 'none' }).rotate())
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  } catch (err) {
    if (isDiskFull(err)) throw err;
    ctx.log.warn({ err, workId, cover: work.cover_path }, 'cover image unreadable: placeholder sent');
    return placeholder(ctx, type);
  } finally {
    await source.handle.close();
  }
}
