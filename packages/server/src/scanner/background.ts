/**
 * Background rescans while serving. The server passes its scan runner (services/scans/runner.ts),
 * which scans the roots in effect (storage/effectiveRoots.ts); with no root, nothing is scanned
 * (scanning zero roots would remove every work).
 */
import { type ScanContext, type ScanLogger, scanLibrary } from './index.ts';

export interface BackgroundScans {
  stop(): void;
}

/**
 * Scans now (unless `initial` is false) and every `rescanIntervalMinutes` while serving. Scans
 * run beside request handling and never overlap; a failed scan is logged and retried next time.
 */
export function startBackgroundScans(
  ctx: ScanContext & { log: ScanLogger & { error(obj: object, msg?: string): void } },
  {
    initial = true,
    every = true,
    scan,
  }: {
    initial?: boolean;
    /** Also every `rescanIntervalMinutes` (the server's scan schedules do it per root instead). */
    every?: boolean;
    /** How a scan is run (the server's: services/scans/runner.ts, which also finds the roots in effect). */
    scan?: () => Promise<unknown>;
  } = {},
): BackgroundScans {
  if (!scan && !ctx.config.libraryRoots.length) {
    ctx.log.warn({}, 'no library configured (SASAYAKI_LIBRARY): nothing to scan');
    return { stop() {} };
  }
  let stopped = false;
  const run = () => {
    if (stopped) return;
    (scan ?? (() => scanLibrary(ctx)))().catch((err) => ctx.log.error({ err }, 'library scan failed'));
  };
  if (initial) setImmediate(run);
  const minutes = ctx.config.rescanIntervalMinutes;
  const timer =
    every && ctx.config.watchLibrary && minutes > 0 ? setInterval(run, minutes * 60_000).unref() : undefined;
  return {
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
