/**
 * PostgreSQL connections of their own, outside the pool, for what must stay on one session:
 * - `PgListener`: LISTEN on this schema's channel (`sasayaki:<schema>`), so an instance hears at
 *   once what another one changed (infra/cluster/signals.ts);
 * - `SessionLock`: a session advisory lock (per schema) held for as long as the connection lives,
 *   so the lock is released by the server the moment its holder dies (the scan leader, and the
 *   instance running a scan).
 * Both reconnect on their own after a drop (server restart, `pg_terminate_backend`, network).
 */
import pg from 'pg';
import type { PgTarget } from './connect.ts';
import { connectionConfig } from './pgPool.ts';

/** First wait before reconnecting; doubled after each failure up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

async function openClient(target: PgTarget, role: string): Promise<pg.Client> {
  const config = connectionConfig({ ...target, schema: target.schema });
  const client = new pg.Client({ ...config, application_name: `${config.application_name}:${role}` });
  await client.connect();
  return client;
}

/** The notification channel of the schema a connection works in. */
async function channelOf(client: pg.Client): Promise<string> {
  const r = await client.query<{ schema: string }>('select current_schema() as schema');
  return `sasayaki:${r.rows[0]?.schema ?? 'public'}`;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export interface ListenerEvents {
  /** A notification's payload on this schema's channel. */
  message(payload: string): void;
  /** The listener (re)connected: whatever was sent while it was away is unknown. */
  connected(): void;
  /** The connection dropped; a reconnect is under way. */
  lost(err: Error): void;
}

export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | null = null;
  private first: Promise<void>;

  constructor(
    private readonly target: PgTarget,
    private readonly events: ListenerEvents,
  ) {
    this.first = this.connect();
  }

  /** Whether notifications are being heard now. */
  get live(): boolean {
    return this.client !== null;
  }

  /** Settles once the first connection was tried (heard or not). */
  ready(): Promise<void> {
    return this.first;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let client: pg.Client | null = null;
    try {
      client = await openClient(this.target, 'listen');
      const c = client;
      c.on('error', (err) => this.drop(c, err));
      c.on('end', () => this.drop(c, new Error('listener connection ended')));
      c.on('notification', (n) => {
        if (n.payload !== undefined) this.events.message(n.payload);
      });
      await c.query(`listen ${quoteIdent(await channelOf(c))}`);
      if (this.stopped) {
        await c.end().catch(() => {});
        return;
      }
      this.client = c;
      this.retryMs = FIRST_RETRY_MS;
      this.events.connected();
    } catch (err) {
      client?.removeAllListeners();
      client?.on('error', () => {});
      await client?.end().catch(() => {});
      this.events.lost(err as Error);
      this.retry();
    }
  }

  private drop(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.stopped) return;
    this.events.lost(err);
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  }
}

/**
 * A session advisory lock named `name` (within this schema), tried on a connection of its own.
 * `tryAcquire` answers whether this process holds it; a dropped connection loses it (and the
 * server frees it for the others at once).
 */
export class SessionLock {
  private client: pg.Client | null = null;
  private holding = false;

  constructor(
    private readonly target: PgTarget,
    private readonly name: string,
    private readonly onLost: (err: Error) => void = () => {},
  ) {}

  get held(): boolean {
    return this.holding && this.client !== null;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    try {
      if (!this.client) {
        const c = await openClient(this.target, this.name);
        c.on('error', (err) => this.lose(c, err));
        c.on('end', () => this.lose(c, new Error('lock connection ended')));
        this.client = c;
      }
      const r = await this.client.query<{ ok: boolean }>(
        "select pg_try_advisory_lock(hashtext(current_schema() || ':' || $1)) as ok",
        [this.name],
      );
      this.holding = r.rows[0]?.ok === true;
    } catch (err) {
      if (this.client) this.lose(this.client, err as Error);
      else this.onLost(err as Error);
    }
    return this.held;
  }

  private lose(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    const had = this.holding;
    this.client = null;
    this.holding = false;
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => {});
    if (had) this.onLost(err);
  }

  /** Gives the lock up at once, keeping the connection for the next try. */
  async unlock(): Promise<void> {
    const c = this.client;
    if (!c || !this.holding) return;
    this.holding = false;
    try {
      await c.query("select pg_advisory_unlock(hashtext(current_schema() || ':' || $1))", [this.name]);
    } catch (err) {
      // Closing the connection frees it as well.
      this.lose(c, err as Error);
    }
  }

  /** Gives the lock up (closing the connection frees it). */
  async release(): Promise<void> {
    const c = this.client;
    this.client = null;
    this.holding = false;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  }
}

/**
 * Advisory locks by key (within this schema) on one connection of its own, for jobs that must
 * not run twice at once across instances (infra/cluster/sharedWork.ts). Several keys may be held at
 * once; a dropped connection frees them all (a job then running may be done twice, never
 * half: its output is renamed into place).
 */
export class KeyLocks {
  private client: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly target: PgTarget) {}

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('locks closed'));
    this.client ??= openClient(this.target, 'jobs').then(
      (c) => {
        const forget = () => {
          if (this.client === pending) this.client = null;
          c.removeAllListeners();
          c.on('error', () => {});
        };
        c.on('error', forget);
        c.on('end', forget);
        return c;
      },
      (err) => {
        this.client = null;
        throw err;
      },
    );
    const pending = this.client;
    return pending;
  }

  /** Whether the lock of `key` was free and is now held here. */
  async tryLock(key: string): Promise<boolean> {
    const c = await this.connection();
    const r = await c.query<{ ok: boolean }>(
      "select pg_try_advisory_lock(hashtext(current_schema() || ':job:' || $1)) as ok",
      [key],
    );
    return r.rows[0]?.ok === true;
  }

  async unlock(key: string): Promise<void> {
    const c = await this.connection();
    await c.query("select pg_advisory_unlock(hashtext(current_schema() || ':job:' || $1))", [key]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.client;
    this.client = null;
    const c = await pending?.catch(() => null);
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  }
}
