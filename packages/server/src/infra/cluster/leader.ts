/**
 * Which instance runs the background rescans (docs/scale.md): on PostgreSQL, the one holding a
 * session advisory lock on a connection of its own (db/dedicated.ts `SessionLock`). Every
 * instance that rescans tries for it every `leaderCheckMs`; the server frees it the moment the
 * leader's connection closes (the process stopped or died), so another instance takes over
 * within one check. SQLite is one instance: it always leads.
 */
import type { Db } from '../../db/connect.ts';
import { SessionLock } from '../../db/dedicated.ts';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const LOCK_NAME = 'sasayaki-scan-leader';

export class ScanLeader {
  private readonly lock: SessionLock | null;
  private timer: NodeJS.Timeout | null = null;
  private wasLeader = false;

  constructor(
    db: Db,
    private readonly checkMs: number,
    private readonly log: Log,
  ) {
    this.lock = db.pgTarget
      ? new SessionLock(db.pgTarget, LOCK_NAME, (err) => log.warn({ err }, 'scan leadership lost'))
      : null;
  }

  /** Whether this instance runs the background rescans now. */
  get isLeader(): boolean {
    return this.lock ? this.lock.held : true;
  }

  /** Tries at once, then every `checkMs`; settles after the first try. */
  async start(): Promise<void> {
    if (!this.lock || this.timer) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), Math.max(100, this.checkMs));
    this.timer.unref();
  }

  private async check(): Promise<void> {
    const leader = (await this.lock?.tryAcquire()) ?? true;
    if (leader && !this.wasLeader) this.log.info({}, 'this instance runs the background rescans');
    this.wasLeader = leader;
  }

  /** Gives the leadership up (another instance takes it at its next check). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.lock?.release();
  }
}
