/**
 * What one instance tells the others on the same PostgreSQL schema, so their caches follow at
 * once instead of on a timer (docs/scale.md):
 * - `catalogue:<generation>`: sent by the database itself whenever the catalogue generation is
 *   bumped (db/migrations.ts, 070): cached works and pages are dropped, the library roots reread;
 * - `settings`: a site setting was written (siteSettings.ts);
 * - `roots`: a library root was added, renamed or removed in the console.
 * A notification is sent inside the writing transaction, so it arrives only if that commits.
 * Whenever the listener (re)connects, every handler hears `resync`: what was sent while it was
 * away is unknown, so everything cached is read again.
 *
 * SQLite is one process: nothing is sent and nothing is heard; `live` is false there, and the
 * caches keep their own checks.
 */
import type { Db } from '../../db/connect.ts';
import { PgListener } from '../../db/dedicated.ts';
import type { Queryable } from '../../repositories/queryable.ts';
import { notifyInstances } from '../../repositories/signals.ts';

export type SignalKind = 'catalogue' | 'settings' | 'roots' | 'resync';
type Handler = (kind: SignalKind, data: string) => void;

interface Log {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

export class InstanceSignals {
  private readonly handlers = new Set<Handler>();
  private listener: PgListener | null = null;
  private log: Log | null = null;
  /** When the last notification arrived here (ms since the epoch), for tests and metrics. */
  lastHeardAt = 0;
  /** Notifications heard since start. */
  heard = 0;

  constructor(private readonly db: Db) {}

  /** Starts listening (PostgreSQL); settles once the first connection was tried. */
  async start(log: Log): Promise<void> {
    this.log = log;
    const target = this.db.pgTarget;
    if (!target || this.listener) return;
    let wasLost = false;
    this.listener = new PgListener(target, {
      message: (payload) => this.hear(payload),
      connected: () => {
        if (wasLost) this.log?.info({}, 'instance signals: listening again');
        wasLost = false;
        this.emit('resync', '');
      },
      lost: (err) => {
        if (!wasLost) this.log?.warn({ err }, 'instance signals: listener lost, reconnecting');
        wasLost = true;
        this.emit('resync', '');
      },
    });
    await this.listener.ready();
  }

  /** Whether another instance's change is heard here at once (PostgreSQL, listener connected). */
  get live(): boolean {
    return this.listener?.live ?? false;
  }

  on(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Tells every instance (this one included) on PostgreSQL; nothing on SQLite. */
  async send(q: Queryable, kind: Exclude<SignalKind, 'resync' | 'catalogue'>, data = ''): Promise<void> {
    if (this.db.dialect !== 'postgres') return;
    await notifyInstances(q, data ? `${kind}:${data}` : kind);
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }

  private hear(payload: string): void {
    this.lastHeardAt = Date.now();
    this.heard++;
    const i = payload.indexOf(':');
    const kind = (i < 0 ? payload : payload.slice(0, i)) as SignalKind;
    if (kind !== 'catalogue' && kind !== 'settings' && kind !== 'roots') return;
    this.emit(kind, i < 0 ? '' : payload.slice(i + 1));
  }

  private emit(kind: SignalKind, data: string): void {
    for (const h of this.handlers) {
      try {
        h(kind, data);
      } catch (err) {
        this.log?.warn({ err, kind }, 'instance signal handler failed');
      }
    }
  }
}
