/**
 * Library roots in effect, and background rescans while serving. With no library configured,
 * a demo library generated in the data folder serves as the library; with neither, nothing is
 * scanned (scanning zero roots would remove every work).
 */
import fs from 'node:fs';
import { type Config, paths } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type ScanLogger, scanLibrary } from './index.ts';

/** The config with its library roots filled in from the demo library when none are set. */
export function withEffectiveLibrary(config: Config): Config {
  if (config.libraryRoots.length) return config;
  const demo = paths.demoLibrary(config);
  return fs.existsSync(demo) ? { ...config, libraryRoots: [demo] } : config;
}

export interface BackgroundScans {
  stop(): void;
}

/**
 * Scans now (unless `initial` is false) and every `rescanIntervalMinutes` while serving. Scans
 * run beside request handling and never overlap; a failed scan is logged and retried next time.
 */
export function startBackgroundScans(
  ctx: { config: Config; db: Db; log: ScanLogger & { error(obj: object, msg?: string): void } },
  { initial = true } = {},
): BackgroundScans {
  if (!ctx.config.libraryRoots.length) {
    ctx.log.warn({}, 'no library configured (SASAYAKI_LIBRARY): nothing to scan');
    return { stop() {} };
  }
  let stopped = false;
  const run = () => {
    if (stopped) return;
    scanLibrary(ctx).catch((err) => ctx.log.error({ err }, 'library scan failed'));
  };
  if (initial) setImmediate(run);
  const minutes = ctx.config.rescanIntervalMinutes;
  const timer =
    ctx.config.watchLibrary && minutes > 0 ? setInterval(run, minutes * 60_000).unref() : undefined;
  return {
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
