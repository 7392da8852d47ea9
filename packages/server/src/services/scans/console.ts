/**
 * An administrator's calls on library scans (docs/console.md): the overview, starting one (from
 * the console, or /api/admin/rescan that may wait for its end), following its progress and
 * reading a report. Each asks access.ts for `admin`; a scan asked for goes into the audit log.
 */
import type { ScanKind, ScanReportKind, ScanRun } from '@sasayaki/contract';
import { requireAccess } from '../../access.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/connect.ts';
import { worksPerRoot } from '../../repositories/libraryRoots.ts';
import type { ScanSummary } from '../../scanner/index.ts';
import { recordAudit } from '../audit.ts';
import type { Scans } from './runner.ts';

const kindOf = (full: boolean | undefined): ScanKind => (full ? 'full' : 'quick');

export function scanOverview(scans: Scans, viewer: Principal) {
  requireAccess(viewer, 'admin');
  return scans.overview();
}

/** Starts a scan from the console unless one runs; answers the running one either way. */
export async function startScan(
  db: Db,
  scans: Scans,
  viewer: Principal,
  full: boolean,
): Promise<{ scan: ScanRun; started: boolean }> {
  requireAccess(viewer, 'admin');
  const started = await scans.start(kindOf(full), 'console');
  await recordAudit(db, viewer, {
    action: 'library.rescan',
    target: `scan ${started.scan.id}`,
    details: { full, started: started.started },
  });
  return started;
}

/**
 * /api/admin/rescan: a scan shown in the console like one started there (or joins the one
 * running), recorded when asked for; `done` ends with it.
 */
export async function runScan(
  db: Db,
  scans: Scans,
  viewer: Principal,
  full: boolean,
): Promise<{ done: Promise<ScanSummary> }> {
  requireAccess(viewer, 'admin');
  await recordAudit(db, viewer, { action: 'library.rescan', details: { full } });
  return { done: scans.run(kindOf(full), 'console') };
}

/** The scan running now and every progress push after it (null once a scan ended), until `unsubscribe`. */
export function followScans(
  scans: Scans,
  viewer: Principal,
  listener: (run: ScanRun | null) => void,
): { current: ScanRun | null; unsubscribe: () => void } {
  requireAccess(viewer, 'admin');
  return { current: scans.current(), unsubscribe: scans.subscribe(listener) };
}

export function scanReport(
  scans: Scans,
  viewer: Principal,
  id: number,
  filter: { kind?: ScanReportKind; text?: string },
  page: number,
  pageSize: number,
) {
  requireAccess(viewer, 'admin');
  return scans.report(id, filter, page, pageSize);
}

/**
 * Subsonic `getScanStatus` and `startScan` (administrators only; others get error 50): whether
 * a scan runs and the works it has gone through, else the works in the catalogue.
 */
export async function subsonicScanStatus(
  db: Db,
  scans: Scans,
  viewer: Principal,
): Promise<{ scanning: boolean; count: number }> {
  requireAccess(viewer, 'admin');
  const run = scans.current();
  if (run) return { scanning: true, count: run.worksDone };
  const perRoot = await worksPerRoot(db);
  return { scanning: false, count: [...perRoot.values()].reduce((a, b) => a + b, 0) };
}

export async function subsonicStartScan(
  db: Db,
  scans: Scans,
  viewer: Principal,
): Promise<{ scanning: boolean; count: number }> {
  await startScan(db, scans, viewer, false);
  return subsonicScanStatus(db, scans, viewer);
}
