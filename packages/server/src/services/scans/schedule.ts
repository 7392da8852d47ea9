/**
 * Scan schedules (docs/console.md, "Scan schedules"): each library root is scanned by itself
 * `default` (every SASAYAKI_RESCAN_MINUTES, 10 unless set), `off`, every N `hours`, or `daily`
 * at a time (croner computes the next one). SASAYAKI_RESCAN_MINUTES set in the environment
 * overrides every schedule (shown read-only). Only the scan leader runs them (infra/cluster/
 * leader.ts), and each due run is claimed in `scan_schedules.last_run_at` first, so a leader
 * change at the wrong moment still scans once.
 */
import type { ScanSchedule } from '@sasayaki/contract';
import { Cron } from 'croner';
import { requireAccess } from '../../access.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { fail } from '../../errors.ts';
import { allScanSchedules, claimScheduledRun, saveScanSchedule } from '../../repositories/scanSchedules.ts';
import { type EffectiveRoot, effectiveRoots } from '../../storage/effectiveRoots.ts';
import { recordAudit } from '../audit.ts';

export const RESCAN_ENV = 'SASAYAKI_RESCAN_MINUTES';
/** How often the leader looks for a due scan. */
const TICK_MS = 15_000;

export interface RootSchedule {
  schedule: ScanSchedule;
  lastRunAt: number | null;
}

const DEFAULT: ScanSchedule = { mode: 'default', hours: null, dailyAt: null };

/** SASAYAKI_RESCAN_MINUTES set: every root every this many minutes (0: never), schedules aside. */
export function scheduleOverride(config: Config): { env: string; minutes: number } | null {
  return config.fromEnvironment.includes(RESCAN_ENV)
    ? { env: RESCAN_ENV, minutes: config.rescanIntervalMinutes }
    : null;
}

/** When a root is next scanned by its schedule (ms), or null; `since` stands for a run never made. */
export function nextRunOf(config: Config, s: RootSchedule, since: number): number | null {
  if (!config.watchLibrary) return null;
  const last = s.lastRunAt ?? since;
  const override = scheduleOverride(config);
  const minutes = override ? override.minutes : config.rescanIntervalMinutes;
  if (override || s.schedule.mode === 'default') return minutes > 0 ? last + minutes * 60_000 : null;
  if (s.schedule.mode === 'hours' && s.schedule.hours) return last + s.schedule.hours * 3_600_000;
  if (s.schedule.mode === 'daily' && s.schedule.dailyAt) {
    const [h, m] = s.schedule.dailyAt.split(':').map(Number);
    return new Cron(`${m} ${h} * * *`).nextRun(new Date(last))?.getTime() ?? null;
  }
  return null;
}

export async function schedulesOf(ctx: Pick<AppContext, 'db'>): Promise<Map<number, RootSchedule>> {
  const rows = await allScanSchedules(ctx.db);
  return new Map(
    rows.map((r) => [
      r.root_id,
      {
        schedule: {
          mode: r.mode as ScanSchedule['mode'],
          hours: r.hours,
          dailyAt: r.daily_at,
        },
        lastRunAt: r.last_run_at === null ? null : Number(r.last_run_at),
      },
    ]),
  );
}

export const scheduleOf = (all: Map<number, RootSchedule>, rootId: number): RootSchedule =>
  all.get(rootId) ?? { schedule: DEFAULT, lastRunAt: null };

/** Sets a root's schedule from the console (audited). */
export async function setRootSchedule(
  ctx: Pick<AppContext, 'config' | 'db'>,
  viewer: Principal,
  rootId: number,
  schedule: ScanSchedule,
): Promise<void> {
  requireAccess(viewer, 'admin');
  const roots = await effectiveRoots(ctx.config, ctx.db);
  if (!roots.some((r) => r.id === rootId)) throw fail('LIBRARY_ROOT_NOT_FOUND');
  const clean: ScanSchedule = {
    mode: schedule.mode,
    hours: schedule.mode === 'hours' ? (schedule.hours ?? 24) : null,
    dailyAt: schedule.mode === 'daily' ? (schedule.dailyAt ?? '03:00') : null,
  };
  await saveScanSchedule(ctx.db, {
    root_id: rootId,
    mode: clean.mode,
    hours: clean.hours,
    daily_at: clean.dailyAt,
    updated_at: Date.now(),
  });
  await recordAudit(ctx.db, viewer, {
    action: 'library.schedule',
    target: `root ${rootId}`,
    details: { ...clean },
  });
}

/** What runs a scheduled scan: the server's scan runner, for some roots or all of them. */
export type RunScheduled = (rootIds: number[] | null) => Promise<unknown>;

/**
 * The schedule's clock on one instance: every TICK_MS, while this instance leads, claims the
 * roots whose scan is due and scans them (all of them in one scan when every root is due).
 */
export class ScanScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  readonly startedAt = Date.now();

  constructor(
    private readonly ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
    private readonly isLeader: () => boolean,
    private readonly run: RunScheduled,
  ) {}

  start(): void {
    if (this.timer || !this.ctx.config.watchLibrary) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look at the schedules (tests call it with a clock of their own). */
  async tick(now = Date.now()): Promise<number[]> {
    if (this.ticking || !this.isLeader()) return [];
    this.ticking = true;
    try {
      const roots: EffectiveRoot[] = await effectiveRoots(this.ctx.config, this.ctx.db);
      const all = await schedulesOf(this.ctx);
      const due: number[] = [];
      for (const r of roots) {
        const s = scheduleOf(all, r.id);
        const next = nextRunOf(this.ctx.config, s, this.startedAt);
        if (next === null || next > now) continue;
        if (await claimScheduledRun(this.ctx.db, r.id, s.lastRunAt, now)) due.push(r.id);
      }
      if (due.length) {
        await this.run(due.length === roots.length ? null : due).catch((err) =>
          this.ctx.log.error({ err }, 'scheduled scan failed'),
        );
      }
      return due;
    } finally {
      this.ticking = false;
    }
  }
}
