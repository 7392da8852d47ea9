/**
 * Whether `serve` scans the library as it starts. With background rescans on (SASAYAKI_WATCH,
 * the default) it does, to catch up with what changed while it was down. With them off the
 * operator rescans by hand (console, CLI), so a restart leaves an unchanged catalogue alone —
 * at 100,000 works a startup scan costs half a minute of CPU and tens of MB — unless the
 * catalogue has never been scanned (a new database: nothing would be listed).
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { recentScanRuns } from '../../repositories/scanRuns.ts';

/** How many of the last runs are looked at for one that finished (failed ones may follow it). */
const LOOK_BACK = 50;

export async function scanAtStart(config: Pick<Config, 'watchLibrary'>, db: Db): Promise<boolean> {
  if (config.watchLibrary) return true;
  const runs = await recentScanRuns(db, LOOK_BACK);
  return !runs.some((r) => r.status === 'finished');
}
