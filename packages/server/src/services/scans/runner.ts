/**
 * Library scans as the console sees them (docs/console.md): one at a time, its progress
 * (works and files per second, the current folder, the time left) pushed to subscribers a few
 * times a second and written to its `scan_runs` row about once a second, and, when it ends, its
 * report: works added, updated and removed, and everything skipped with its reason, kept for the
 * last scans.
 *
 * Several instances on one PostgreSQL database (docs/scale.md): a scan asked for on any of them
 * runs once. The row is the claim: an instance that finds a `running` row written in the last
 * `STALE_AFTER_MS` (its scanner writes it at least every `HEARTBEAT_MS`) joins that scan instead
 * of starting one, and follows its row — as do the console's subscribers of every instance, so
 * the progress shows wherever the console is open. The instance running a scan also holds a
 * session advisory lock for it, which the server frees the moment that instance dies: a claim
 * that finds the lock free knows every `running` row is a dead server's, however recent.
 */
import {
  SCAN_REPORT_ITEMS_MAX,
  SCAN_REPORTS_KEPT,
  type ScanKind,
  type ScanPhase,
  type ScanReportKind,
  type ScanRun,
  type ScanSkipReason,
  type ScanTrigger,
} from '@sasayaki/contract';
import type { AppContext } from '../../context.ts';
import { outsideRequest } from '../../db/requestScope.ts';
import type { ScanRunRow } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ClusterLock, scanRunLock } from '../../infra/cluster/scanLock.ts';
import {
  countReportItems,
  failStaleScanRuns,
  findScanRun,
  freshRunningScan,
  insertReportItems,
  insertScanRun,
  lockScanClaims,
  previousProblems,
  pruneScanRuns,
  recentScanRuns,
  reportCounts,
  reportItemsPage,
  updateScanRun,
} from '../../repositories/scanRuns.ts';
import { type ScanProgress, type ScanSummary, scanLibrary } from '../../scanner/index.ts';
import { emptyRepairSummary } from '../../scanner/repairSummary.ts';
import { effectiveRoots } from '../../storage/effectiveRoots.ts';
import { scanHooks } from './hooks.ts';

/** How often subscribers hear of progress, and how often the row is written. */
const PUSH_EVERY_MS = 250;
const STORE_EVERY_MS = 1000;
/** A `running` row not written for this long belongs to a server that stopped. */
const STALE_AFTER_MS = 30_000;
/** A running scan's row is written at least this often, progress or not. */
const HEARTBEAT_MS = 5_000;
/** How often a scan running on another instance is read from its row. */
const REMOTE_POLL_MS = 500;
const REPORT_INSERT_CHUNK = 500;

export const toScanRun = (r: ScanRunRow): ScanRun => ({
  id: r.id,
  kind: r.kind as ScanKind,
  trigger: r.started_by as ScanTrigger,
  status: r.status as ScanRun['status'],
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  phase: r.phase as ScanPhase | null,
  worksDone: r.works_done,
  worksTotal: r.works_total,
  files: r.files,
  current: r.current,
  worksPerSecond: r.works_per_second,
  filesPerSecond: r.files_per_second,
  etaSeconds: r.eta_seconds,
  added: r.added,
  updated: r.updated,
  removed: r.removed,
  unchanged: r.unchanged,
  skipped: r.skipped,
  error: r.error,
});

/** The row's columns for a run's live values. */
const progressColumns = (run: ScanRun) => ({
  phase: run.phase,
  works_done: run.worksDone,
  works_total: run.worksTotal,
  files: run.files,
  current: run.current,
  works_per_second: run.worksPerSecond,
  files_per_second: run.filesPerSecond,
  eta_seconds: run.etaSeconds,
});

interface ReportLine {
  kind: ScanReportKind;
  reason: ScanSkipReason | null;
  path: string;
  detail: string;
  params: string | null;
  first_seen: number | null;
}

const problemKey = (reason: string | null, path: string) => `${reason}\u0000${path}`;

/**
 * Every line of a finished scan's report, capped. Each problem (skipped line) says the scan that
 * first reported it: the one `known` gives (the previous report's lines), else this one (new).
 */
export function reportLines(
  s: ScanSummary,
  scanId: number,
  known: ReadonlyMap<string, number> = new Map(),
): ReportLine[] {
  const change = (kind: 'added' | 'updated' | 'removed') => (w: { path: string; code: string }) => ({
    kind,
    reason: null,
    path: w.path,
    detail: w.code,
    params: null,
    first_seen: null,
  });
  const problem = (
    reason: ScanSkipReason,
    path: string,
    detail: string,
    params?: Record<string, string>,
  ) => ({
    kind: 'skipped' as const,
    reason,
    path,
    detail,
    params: params ? JSON.stringify(params) : null,
    first_seen: known.get(problemKey(reason, path)) ?? scanId,
  });
  const seen = new Set<string>();
  const problems = [
    ...s.duplicates.map((d) =>
      problem('duplicate-code', d.path, `${d.code}: kept ${d.kept}`, { code: d.code, kept: d.kept }),
    ),
    ...s.errors.map((e) => problem(e.reason, e.path, e.message, e.params)),
  ].filter((p) => {
    // One line per problem, however many ways the scan met it.
    const k = problemKey(p.reason, p.path);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const lines: ReportLine[] = [
    ...s.added.map(change('added')),
    ...s.updated.map(change('updated')),
    ...s.removed.map(change('removed')),
    ...problems,
  ];
  return lines.slice(0, SCAN_REPORT_ITEMS_MAX);
}

/** The previous report's problems: when each was first reported. */
async function knownProblems(db: AppContext['db'], scanId: number): Promise<Map<string, number>> {
  const rows = await previousProblems(db, scanId);
  return new Map(rows.map((r) => [problemKey(r.reason, r.path), r.first_seen ?? r.scan_id]));
}

const paramsOf = (json: string | null): Record<string, string> => {
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, string>;
  } catch {
    return {};
  }
};

type Listener = (run: ScanRun | null) => void;

interface Slot {
  run: ScanRun;
  done: Promise<ScanSummary>;
  /** Another instance runs it; this one follows its row. */
  elsewhere?: boolean;
}

/** What a scan another instance ran did, from its row (the lists stay with that instance). */
function summaryOfRow(r: ScanRunRow): ScanSummary {
  return {
    added: [],
    updated: [],
    removed: [],
    worksAdded: r.added,
    worksUpdated: r.updated,
    worksRemoved: r.removed,
    worksUnchanged: r.unchanged,
    files: r.files,
    duplicates: [],
    errors: [],
    repairs: emptyRepairSummary(),
    ms: (r.finished_at ?? r.updated_at) - r.started_at,
  };
}

/** A scan another instance runs, as followed from its row. */
interface Remote {
  id: number;
  run: ScanRun;
  waiters: ((summary: ScanSummary) => void)[];
  failures: ((err: Error) => void)[];
}

export class Scans {
  /** Set at once when a scan is asked for, so a second request in the same moment joins it. */
  private starting: Promise<Slot> | null = null;
  private running: Slot | null = null;
  private listeners = new Set<Listener>();
  private stopped = false;
  private remote: Remote | null = null;
  private poller: NodeJS.Timeout | null = null;
  private polling = false;
  /** PostgreSQL: held by whichever instance runs a scan, for as long as it runs it. */
  private readonly scanLock: ClusterLock | null;

  constructor(private readonly ctx: AppContext) {
    this.scanLock = scanRunLock(ctx.db);
  }

  /** The scan running now, as last pushed: this server's, else one another instance runs. */
  current(): ScanRun | null {
    if (this.running) return { ...this.running.run };
    return this.remote ? { ...this.remote.run } : null;
  }

  /** Hears every progress push, and `null` once a scan has ended (after its final push). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.followElsewhere();
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  /** Stops, and closes the scan lock's connection (a scan still running loses its claim). */
  async close(): Promise<void> {
    this.stop();
    await this.scanLock?.release();
  }

  /**
   * PostgreSQL: reads, twice a second while someone listens or waits, the scan another instance
   * runs, and pushes its progress and end as if it ran here.
   */
  private followElsewhere(): void {
    if (this.ctx.db.dialect !== 'postgres' || this.poller || this.stopped) return;
    this.poller = setInterval(() => void this.pollElsewhere(), REMOTE_POLL_MS);
    this.poller.unref();
    void this.pollElsewhere();
  }

  private async pollElsewhere(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.readElsewhere();
    } catch (err) {
      this.ctx.log.warn({ err }, 'scan on another instance not read');
    } finally {
      this.polling = false;
    }
    if (!this.remote && this.listeners.size === 0 && this.poller) {
      clearInterval(this.poller);
      this.poller = null;
    }
  }

  private async readElsewhere(): Promise<void> {
    // This instance's own scan pushes its progress itself; a claim under way is left to finish.
    if (this.running || (this.starting && !this.remote)) return;
    const { db } = this.ctx;
    const now = Date.now();
    const followed = this.remote;
    const row = followed
      ? await findScanRun(db, followed.id)
      : await freshRunningScan(db, now - STALE_AFTER_MS);
    if (this.running || this.stopped) return;
    if (!followed) {
      if (row) {
        this.remote = { id: row.id, run: toScanRun(row), waiters: [], failures: [] };
        this.push(this.remote.run);
      }
      return;
    }
    if (row?.status === 'running' && row.updated_at >= now - STALE_AFTER_MS) {
      const run = toScanRun(row);
      if (JSON.stringify(run) !== JSON.stringify(followed.run)) {
        followed.run = run;
        this.push(run);
      }
      return;
    }
    // Ended there, or its server stopped (the row says so from now on).
    if (row?.status === 'running') await failStaleScanRuns(db, now - STALE_AFTER_MS, now);
    const final = row && row.status !== 'running' ? row : await findScanRun(db, followed.id);
    this.remote = null;
    if (final) {
      this.push(toScanRun(final));
      for (const w of followed.waiters) w(summaryOfRow(final));
    } else {
      for (const f of followed.failures)
        f(new Error('the scan ran on another instance and its record is gone'));
    }
    this.push(null);
  }

  /** Waits for the end of a scan another instance runs. */
  private joinElsewhere(row: ScanRunRow): Promise<ScanSummary> {
    const remote =
      this.remote?.id === row.id
        ? this.remote
        : { id: row.id, run: toScanRun(row), waiters: [], failures: [] };
    this.remote = remote;
    const done = new Promise<ScanSummary>((resolve, reject) => {
      remote.waiters.push(resolve);
      remote.failures.push(reject);
    });
    this.followElsewhere();
    return done;
  }

  /** Starts a scan unless one runs; answers the running one either way. */
  async start(kind: ScanKind, trigger: ScanTrigger): Promise<{ scan: ScanRun; started: boolean }> {
    if (this.starting) {
      await this.starting;
      return { scan: this.current() ?? (await this.starting).run, started: false };
    }
    const slot = await this.claim(kind, trigger);
    // Whoever started it from the console follows it on the progress stream, not on this promise.
    slot.done.catch(() => undefined);
    return { scan: { ...slot.run }, started: !slot.elsewhere };
  }

  /**
   * Runs a scan to its end (start-up, schedule, command line); joins one that runs. `rootIds`:
   * only these roots (a schedule's), the others' works left as they are.
   */
  async run(kind: ScanKind, trigger: ScanTrigger, rootIds?: readonly number[]): Promise<ScanSummary> {
    if (this.starting) return (await this.starting).done;
    return (await this.claim(kind, trigger, rootIds)).done;
  }

  private claim(kind: ScanKind, trigger: ScanTrigger, rootIds?: readonly number[]): Promise<Slot> {
    // A scan an administrator starts is work of its own: it goes on when their request has ended.
    const starting = outsideRequest(() => this.begin(kind, trigger, rootIds));
    this.starting = starting;
    starting.catch(() => {
      if (this.starting === starting) this.starting = null;
    });
    return starting;
  }

  /**
   * Claims the scan: a new `running` row, unless (PostgreSQL) another instance's scan is running,
   * which is answered instead. Instances claiming at once take turns on a lock.
   */
  private async claimRow(kind: ScanKind, trigger: ScanTrigger): Promise<{ row: ScanRunRow; ours: boolean }> {
    const { db } = this.ctx;
    return db.transaction().execute(async (tx) => {
      const now = Date.now();
      let staleBefore = now - STALE_AFTER_MS;
      if (this.scanLock) {
        await lockScanClaims(tx);
        if (await this.scanLock.tryAcquire()) {
          // No live instance scans: a `running` row is one a killed server left.
          staleBefore = now + 1;
        } else {
          const running = await freshRunningScan(tx, staleBefore);
          if (running) return { row: running, ours: false };
        }
      }
      await failStaleScanRuns(tx, staleBefore, now);
      const id = await insertScanRun(tx, {
        kind,
        started_by: trigger,
        status: 'running',
        started_at: now,
        updated_at: now,
        phase: 'discover',
      });
      return { row: (await findScanRun(tx, id))!, ours: true };
    });
  }

  private async begin(kind: ScanKind, trigger: ScanTrigger, rootIds?: readonly number[]): Promise<Slot> {
    const { db, config, library, log } = this.ctx;
    const now = Date.now();
    const claim = await this.claimRow(kind, trigger).catch(async (err: Error) => {
      // A claim that failed after taking the scan lock must not keep it: no scan runs.
      await this.scanLock?.unlock();
      throw err;
    });
    if (!claim.ours) {
      const done = this.joinElsewhere(claim.row);
      const starting = this.starting;
      // Asked again once it has ended: a new scan then.
      const ended = () => {
        if (this.starting === starting) this.starting = null;
      };
      done.then(ended, ended);
      return { run: toScanRun(claim.row), done, elsewhere: true };
    }
    const id = claim.row.id;
    const run = toScanRun(claim.row);
    const slot: Slot = { run, done: Promise.resolve(null as never) };
    this.running = slot;
    if (this.remote) {
      // A scan followed elsewhere has ended (else this claim would have joined it).
      this.remote = null;
    }
    const roots = await effectiveRoots(config, db);
    // Files of a root added a moment ago are served as soon as its works are written.
    library.setRoots(roots);
    let worksSince = 0;
    let lastPush = 0;
    let lastStore = now;
    // Written at least every HEARTBEAT_MS, so the other instances know this scan is alive.
    const heartbeat = setInterval(() => {
      const t = Date.now();
      if (t - lastStore < HEARTBEAT_MS) return;
      lastStore = t;
      updateScanRun(db, id, { ...progressColumns(slot.run), updated_at: t }).catch((err) =>
        log.warn({ err }, 'scan progress not stored'),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const onProgress = (p: ScanProgress) => {
      const t = Date.now();
      if (p.phase === 'works' && worksSince === 0) worksSince = t;
      const seconds = worksSince ? (t - worksSince) / 1000 : 0;
      const worksPerSecond = seconds > 0 ? p.done / seconds : 0;
      const next: ScanRun = {
        ...slot.run,
        phase: p.phase,
        worksDone: p.phase === 'works' ? p.done : slot.run.worksDone,
        worksTotal: p.phase === 'works' ? p.total : slot.run.worksTotal,
        files: p.files ?? slot.run.files,
        current: p.current ?? slot.run.current,
        worksPerSecond: Math.round(worksPerSecond * 10) / 10,
        filesPerSecond: seconds > 0 ? Math.round(((p.files ?? 0) / seconds) * 10) / 10 : 0,
        etaSeconds:
          p.phase === 'works' && worksPerSecond > 0 ? Math.ceil((p.total - p.done) / worksPerSecond) : null,
      };
      const phaseChanged = next.phase !== slot.run.phase;
      slot.run = next;
      if (phaseChanged || t - lastPush >= PUSH_EVERY_MS) {
        lastPush = t;
        this.push(next);
      }
      if (t - lastStore >= STORE_EVERY_MS) {
        lastStore = t;
        updateScanRun(db, id, { ...progressColumns(next), updated_at: t }).catch((err) =>
          log.warn({ err }, 'scan progress not stored'),
        );
      }
    };
    const partial = rootIds !== undefined && roots.some((r) => !rootIds.includes(r.id));
    slot.done = scanLibrary(
      {
        config,
        db,
        log,
        roots: partial ? roots.filter((r) => rootIds.includes(r.id)) : roots,
        partial,
        hooks: scanHooks,
      },
      { full: kind === 'full', onProgress },
    ).then(
      (summary) => {
        clearInterval(heartbeat);
        return this.finish(slot, summary);
      },
      (err: Error) => {
        clearInterval(heartbeat);
        return this.fail(slot, err);
      },
    );
    return slot;
  }

  private push(run: ScanRun | null): void {
    for (const l of this.listeners) l(run);
  }

  private async finish(slot: Slot, s: ScanSummary): Promise<ScanSummary> {
    const { db } = this.ctx;
    const final: ScanRun = {
      ...slot.run,
      status: 'finished',
      finishedAt: Date.now(),
      phase: null,
      current: null,
      etaSeconds: 0,
      added: s.worksAdded,
      updated: s.worksUpdated,
      removed: s.worksRemoved,
      unchanged: s.worksUnchanged,
      skipped: s.errors.length + s.duplicates.length,
      files: s.files,
    };
    try {
      const lines = reportLines(s, final.id, await knownProblems(db, final.id));
      // A problem met twice (a link's and its target's listing) is one line, counted once.
      if (lines.length < SCAN_REPORT_ITEMS_MAX)
        final.skipped = lines.filter((l) => l.kind === 'skipped').length;
      for (let i = 0; i < lines.length; i += REPORT_INSERT_CHUNK) {
        await insertReportItems(
          db,
          lines.slice(i, i + REPORT_INSERT_CHUNK).map((l) => ({ scan_id: final.id, ...l })),
        );
      }
      await this.closeRow(final.id, {
        ...progressColumns(final),
        status: 'finished',
        finished_at: final.finishedAt,
        updated_at: final.finishedAt!,
        added: final.added,
        updated: final.updated,
        removed: final.removed,
        unchanged: final.unchanged,
        skipped: final.skipped,
      });
      await pruneScanRuns(db, SCAN_REPORTS_KEPT);
    } catch (err) {
      this.ctx.log.warn({ err }, 'scan report not stored');
    }
    this.end(final);
    return s;
  }

  private async fail(slot: Slot, err: Error): Promise<never> {
    const failed: ScanRun = { ...slot.run, status: 'failed', finishedAt: Date.now(), error: err.message };
    this.ctx.log.error({ err }, 'library scan failed');
    await this.closeRow(failed.id, {
      status: 'failed',
      finished_at: failed.finishedAt,
      updated_at: failed.finishedAt!,
      error: err.message.slice(0, 2000),
    }).catch(() => undefined);
    this.end(failed);
    throw err;
  }

  /**
   * Writes the end of this instance's scan and frees the scan lock, under the claims' lock: a
   * claim never sees the lock free while the row still says `running`, nor the reverse.
   */
  private async closeRow(id: number, set: Parameters<typeof updateScanRun>[2]): Promise<void> {
    const { db } = this.ctx;
    await db.transaction().execute(async (tx) => {
      if (this.scanLock) await lockScanClaims(tx);
      await updateScanRun(tx, id, set);
      await this.scanLock?.unlock();
    });
  }

  private end(final: ScanRun): void {
    // Freed here too when the row could not be written (no-op when already free).
    void this.scanLock?.unlock();
    this.running = null;
    this.starting = null;
    if (this.stopped) return;
    this.push(final);
    this.push(null);
  }

  /** The running scan (this server's, else one another instance keeps writing) and the last ones. */
  async overview(): Promise<{ running: ScanRun | null; recent: ScanRun[] }> {
    const rows = await recentScanRuns(this.ctx.db, SCAN_REPORTS_KEPT + 1);
    const fresh = Date.now() - STALE_AFTER_MS;
    const elsewhere = rows.find((r) => r.status === 'running' && r.updated_at > fresh);
    return {
      running: this.current() ?? (elsewhere ? toScanRun(elsewhere) : null),
      recent: rows
        .filter((r) => r.status !== 'running')
        .slice(0, SCAN_REPORTS_KEPT)
        .map(toScanRun),
    };
  }

  async report(id: number, filter: { kind?: ScanReportKind; text?: string }, page: number, pageSize: number) {
    const row = await findScanRun(this.ctx.db, id);
    if (!row) throw fail('SCAN_NOT_FOUND');
    const f = { scanId: id, kind: filter.kind, text: filter.text?.trim() || undefined };
    const [items, total, counts] = await Promise.all([
      reportItemsPage(this.ctx.db, f, pageSize, (page - 1) * pageSize),
      countReportItems(this.ctx.db, f),
      reportCounts(this.ctx.db, id),
    ]);
    return {
      scan: toScanRun(row),
      items: items.map((i) => ({
        id: i.id,
        kind: i.kind as ScanReportKind,
        reason: i.reason as ScanSkipReason | null,
        path: i.path,
        detail: i.detail,
        params: paramsOf(i.params),
        firstSeen: i.first_seen,
      })),
      pagination: { currentPage: page, pageSize, totalCount: total },
      counts,
    };
  }
}
