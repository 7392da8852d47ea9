/**
 * The console's health report (version, uptime, database, library, caches, ffmpeg, recent
 * errors) and the cache purge. Cache folders hold files made on demand from the library
 * (transcodes, cover thumbnails): emptying one loses nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APP_VERSION, type HealthReport } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import { type Config, paths } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { ffmpegAvailable } from '../infra/media/transcode.ts';
import type { RecentErrors } from '../infra/recentErrors.ts';
import { appliedMigrations, databaseBytes, libraryTotals } from '../repositories/siteHealth.ts';
import { effectiveRoots } from '../storage/effectiveRoots.ts';
import { recordAudit } from './audit.ts';

export const CACHES = {
  transcodes: paths.transcodes,
  covers: paths.covers,
} as const;
export type CacheName = keyof typeof CACHES;

/** Files and bytes under a folder (missing: none). */
export async function folderUsage(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return { files, bytes };
  }
  for (const e of entries) {
    if (!e.isFile()) continue;
    try {
      bytes += (await fs.promises.stat(path.join(e.parentPath, e.name))).size;
      files++;
    } catch {
      // Removed while counting (a purge, a finished transcode's temporary file).
    }
  }
  return { files, bytes };
}

/** Empties a cache folder; answers what it held. */
export async function purgeCache(
  ctx: { config: Config; db: Db },
  viewer: Principal,
  name: CacheName,
): Promise<{ files: number; bytes: number }> {
  requireAccess(viewer, 'admin');
  const dir = CACHES[name](ctx.config);
  const held = await folderUsage(dir);
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.mkdir(dir, { recursive: true });
  await recordAudit(ctx.db, viewer, { action: 'cache.purge', target: name, details: held });
  return held;
}

export async function healthReport(
  ctx: { config: Config; db: Db; recentErrors: RecentErrors },
  viewer: Principal,
): Promise<HealthReport> {
  requireAccess(viewer, 'admin');
  const { config, db } = ctx;
  const uptime = process.uptime();
  const migrations = await appliedMigrations(db);
  const totals = await libraryTotals(db);
  const caches = await Promise.all(
    (Object.keys(CACHES) as CacheName[]).map(async (name) => ({
      name,
      ...(await folderUsage(CACHES[name](config))),
    })),
  );
  return {
    version: APP_VERSION,
    node: process.version,
    startedAt: Math.round(Date.now() - uptime * 1000),
    uptimeSeconds: Math.floor(uptime),
    database: {
      dialect: db.dialect,
      bytes: await databaseBytes(db, db.dialect),
      migrations: migrations.map((m) => {
        const at = Date.parse(m.timestamp);
        return { name: m.name, appliedAt: Number.isFinite(at) ? at : null };
      }),
    },
    library: {
      // The roots in effect: the environment's, the console's, or the demo library.
      roots: (await effectiveRoots(config, db)).length,
      works: totals.works,
      files: totals.files,
      hours: Math.round((totals.seconds / 3600) * 10) / 10,
      bytes: totals.bytes,
    },
    caches,
    ffmpeg: { present: await ffmpegAvailable(config), path: config.ffmpegPath },
    errors: ctx.recentErrors.list(),
  };
}
