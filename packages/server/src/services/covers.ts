/**
 * Work covers. At scan time scanner/cover.ts picks the image of a work folder; on request
 * `coverFile` returns a cached variant made once (infra/media/coverImages.ts) from it, or a
 * placeholder, as JPEG or WebP.
 *
 * Contract for the cover route: `coverFile(ctx, workId, type, format)` resolves to the absolute
 * path of a file in the cover cache to send, or null when no such work exists (→ 404).
 * The source image is read through the work's library root (storage/root.ts). Variants are
 * cached in `<data>/covers/`, named after the source image's path, size and mtime, so a
 * replaced cover gets new variants and an unchanged one is never re-encoded.
 *
 * The route asks `coverVariant`: which variant file to send and its strong ETag, remembered for
 * the catalogue generation (services/catalogue/workCache.ts), so a repeated cover costs no source lookup,
 * no hashing and no query beyond the generation: sending it costs what sending a file costs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CoverType } from '@sasayaki/contract';
import { paths } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { isDiskFull } from '../errors.ts';
import { makeOnce } from '../infra/cluster/sharedWork.ts';
import {
  type CoverFormat,
  coverExtension,
  coverImage,
  placeholderImage,
} from '../infra/media/coverImages.ts';
import { findWorkCover } from '../repositories/works.ts';
import { StorageError } from '../storage/root.ts';
import { workCacheOf } from './catalogue/workCache.ts';

export { COVER_TYPES, type CoverType } from '@sasayaki/contract';
export type { CoverFormat } from '../infra/media/coverImages.ts';

const inflight = new Map<string, Promise<string>>();

/**
 * Writes `out` once (write to a temp name, then rename: readers never see half a file, and a
 * failed write, a full disk included, leaves nothing behind), once across instances sharing the
 * cache folder too (infra/cluster/sharedWork.ts).
 */
function renderOnce(db: Db, out: string, render: () => Promise<Buffer>): Promise<string> {
  if (fs.existsSync(out)) return Promise.resolve(out);
  let job = inflight.get(out);
  if (!job) {
    job = (async () => {
      await makeOnce(db, out, async () => {
        fs.mkdirSync(path.dirname(out), { recursive: true });
        const tmp = `${out}.${process.pid}.${Date.now()}.tmp`;
        try {
          fs.writeFileSync(tmp, await render());
          fs.renameSync(tmp, out);
        } finally {
          fs.rmSync(tmp, { force: true });
        }
      });
      return out;
    })().finally(() => inflight.delete(out));
    inflight.set(out, job);
  }
  return job;
}

function placeholder(ctx: AppContext, type: CoverType, format: CoverFormat): Promise<string> {
  const out = path.join(paths.covers(ctx.config), `placeholder-${type}.${coverExtension(format)}`);
  return renderOnce(ctx.db, out, () => placeholderImage(type, format));
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

/** Path of the image to send for a work's cover, or null when the work does not exist. */
export async function coverFile(
  ctx: AppContext,
  workId: number,
  type: CoverType,
  format: CoverFormat = 'jpeg',
): Promise<string | null> {
  const work = await findWorkCover(ctx.db, workId);
  if (!work) return null;
  const source = work.cover_path ? await openSource(ctx, work, work.cover_path) : null;
  if (!source) return placeholder(ctx, type, format);
  try {
    const key = createHash('sha1')
      .update(
        `${work.folder_path}\0${work.cover_path}\0${source.stat.size}\0${Math.trunc(source.stat.mtimeMs)}`,
      )
      .digest('hex')
      .slice(0, 16);
    const out = path.join(paths.covers(ctx.config), `${workId}-${type}-${key}.${coverExtension(format)}`);
    return await renderOnce(ctx.db, out, async () =>
      coverImage(await source.handle.readFile(), type, format),
    );
  } catch (err) {
    if (isDiskFull(err)) throw err;
    ctx.log.warn({ err, workId, cover: work.cover_path }, 'cover image unreadable: placeholder sent');
    return placeholder(ctx, type, format);
  } finally {
    await source.handle.close();
  }
}

/** A cover variant on disk, as the route sends it. */
export interface CoverVariant {
  /** Absolute path of the image in the cover cache. */
  file: string;
  /** Strong: the file's name says which source (path, size, mtime) and size it was made from. */
  etag: string;
}

/** Remembered variants: about 200 bytes each, so some 10,000 covers. */
const MAX_VARIANT_BYTES = 2 * 1024 * 1024;

/** Which variant file each (work, size) is, while no work was added, removed or rewritten; bounded by bytes. */
class VariantIndex {
  private generation = -1;
  private readonly entries = new Map<string, CoverVariant>();
  private bytes = 0;

  get(generation: number, key: string): CoverVariant | undefined {
    if (generation !== this.generation) {
      this.entries.clear();
      this.bytes = 0;
      this.generation = generation;
      return undefined;
    }
    return this.entries.get(key);
  }

  put(generation: number, key: string, variant: CoverVariant): void {
    if (generation !== this.generation) return;
    this.forget(key);
    this.entries.set(key, variant);
    this.bytes += sizeOf(key, variant);
    for (const [k] of this.entries) {
      if (this.bytes <= MAX_VARIANT_BYTES) break;
      this.forget(k);
    }
  }

  forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, old);
  }
}

/** Two bytes a character for the strings, plus the Map entry and the object. */
const sizeOf = (key: string, v: CoverVariant) => 2 * (key.length + v.file.length + v.etag.length) + 120;

const indexes = new WeakMap<Db, VariantIndex>();

function indexOf(db: Db): VariantIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new VariantIndex();
    indexes.set(db, index);
  }
  return index;
}

/**
 * The variant to send for a work's cover (made on first request), or null for an unknown work.
 * `stale` drops a remembered variant whose file has gone (a cleaned cache) before asking again.
 */
export async function coverVariant(
  ctx: AppContext,
  workId: number,
  type: CoverType,
  format: CoverFormat,
  stale = false,
): Promise<CoverVariant | null> {
  // A cover follows its work's listed columns (cover_path): kept until every list is dropped.
  const cache = workCacheOf(ctx.db);
  await cache.sync();
  const generation = cache.listsVersion;
  const index = indexOf(ctx.db);
  const key = `${workId}:${type}:${format}`;
  if (stale) index.forget(key);
  const known = index.get(generation, key);
  if (known) return known;
  const file = await coverFile(ctx, workId, type, format);
  if (!file) return null;
  // A JPEG's tag is its name without the extension (as before WebP came); a WebP's keeps it.
  const variant = { file, etag: `"${path.basename(file).replace(/\.jpg$/, '')}"` };
  index.put(generation, key, variant);
  return variant;
}
