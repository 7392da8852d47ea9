/**
 * Every setting of the server, its default and its environment override, in one place.
 * Environment names are `SASAYAKI_*` (plus the conventional `DATABASE_URL`).
 */
import path from 'node:path';
import { DEFAULT_SEEK_SECONDS } from '@sasayaki/contract';
import { DB_DEFAULTS, type OpenOptions } from './db/connect.ts';

export interface Config {
  /** Library roots; a work is a folder under one of them whose name holds a work code. */
  libraryRoots: string[];
  /** Data folder: database file, cover cache, transcodes, secrets, mail outbox. */
  dataDir: string;
  host: string;
  port: number;
  /** A `postgres://` URL switches the catalogue to PostgreSQL; empty means the SQLite file. */
  databaseUrl: string;
  /** PostgreSQL connections at most. */
  dbPoolSize: number;
  /** PostgreSQL: a statement running longer is cancelled (503); 0 disables. See docs/security.md. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: longest wait for a connection before answering 503. */
  dbConnectTimeoutMs: number;
  /** Base of the absolute URLs in answers; empty means the request's own Host header. */
  publicUrl: string;
  /**
   * Addresses or CIDRs of the reverse proxies in front of the server (`SASAYAKI_TRUST_PROXY`,
   * comma-separated). Only a request arriving from one of them has its X-Forwarded-For and
   * X-Forwarded-Proto believed; empty (the default) believes no forwarding header at all.
   */
  trustProxy: string[];
  /** Watch the library and rescan in the background while serving. */
  watchLibrary: boolean;
  /** Minutes between background rescans (a cheap stat-only pass when nothing changed). */
  rescanIntervalMinutes: number;
  /**
   * PostgreSQL, several instances: how often an instance that is not the scan leader tries to
   * become it (infra/cluster/leader.ts); a dead leader is replaced within this time.
   */
  leaderCheckMs: number;
  /**
   * Folder of the rebuildable caches (covers, transcodes): `<data>` by default. Instances that
   * share it make each cover and transcode once between them (docs/scale.md).
   */
  cacheDir: string;
  /** Anonymous visitors may stream and download (docs/product.md §6). */
  allowAnonymousMedia: boolean;
  /** Registration open to anyone (GET /api/auth/reg). */
  registrationEnabled: boolean;
  /** Accounts one address may register per hour (docs/security.md, "Request limits"). */
  registrationsPerAddressPerHour: number;
  /** Requests per minute for the guest account's API and media traffic. */
  guestRateLimitPerMinute: number;
  /** Disk space community subtitles may take, MiB (site setting `subtitleQuotaMb`). */
  subtitleQuotaMb: number;
  /** Hours between scheduled backups, 0: none (site setting `backupIntervalHours`). */
  backupIntervalHours: number;
  /** Scheduled backups kept, the oldest deleted first (site setting `backupKeep`). */
  backupKeep: number;
  /** Maintenance mode: /api/health answers 503 with `maintenanceHtml` (the web app shows it). */
  maintenance: boolean;
  maintenanceHtml: string;
  /** With maintenance on: the site is closed, every non-administrator /api and /rest call gets 503. */
  maintenanceClosed: boolean;
  /** Bearer token that opens /metrics from anywhere; empty: loopback and trusted proxies only. */
  metricsToken: string;
  /**
   * The `SASAYAKI_*` variables this process was started with (non-empty). The settings stored in
   * the database (siteSettings.ts) yield to them: the console shows which ones.
   */
  fromEnvironment: string[];
  /** Concurrent ffmpeg transcodes at most. */
  transcodeConcurrency: number;
  /** Path of ffmpeg; empty disables low-quality streams. */
  ffmpegPath: string;
  /** Fetch metadata from the online store for works without a sidecar file (off by default). */
  onlineMetadata: boolean;
  /** SMTP URL (smtp://user:pass@host:port); empty writes mail to the outbox file in the data folder. */
  smtpUrl: string;
  mailFrom: string;
  /** Token lifetime in seconds. */
  jwtTtlSeconds: number;
  logLevel: string;
  /**
   * Who sends the bytes of library files: `off` (this server), `nginx` (answers with
   * X-Accel-Redirect to `accelPrefix`/<root index>/<path>) or `sendfile` (answers with X-Sendfile
   * and the absolute path, for Apache mod_xsendfile or lighttpd). See docs/deploy.md.
   */
  accel: AccelMode;
  /** URI prefix of nginx's internal location for library files (nginx mode). */
  accelPrefix: string;
  /** Player seek steps in seconds that clients read from GET /api/config/shared. */
  rewindSeekSeconds: number;
  forwardSeekSeconds: number;
  /**
   * On SIGTERM/SIGINT: seconds /api/health answers 503 while the server still accepts
   * connections, so a balancer with active health checks stops sending first (docs/deploy.md).
   */
  shutdownDelaySeconds: number;
  /**
   * On SIGTERM/SIGINT, once it stopped accepting: seconds the requests in flight may take to
   * finish; longer ones (streams) are cut then, and the process exits.
   */
  drainSeconds: number;
}

export const ACCEL_MODES = ['off', 'nginx', 'sendfile'] as const;
export type AccelMode = (typeof ACCEL_MODES)[number];

type Env = Record<string, string | undefined>;

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !/^(0|false|no|off)$/i.test(v.trim());
}

function accelMode(v: string | undefined): AccelMode {
  const mode = (v || 'off').trim().toLowerCase();
  if ((ACCEL_MODES as readonly string[]).includes(mode)) return mode as AccelMode;
  throw new Error(`SASAYAKI_ACCEL is "${v}": use ${ACCEL_MODES.join(', ')}`);
}

// Named ranges that proxy-addr (Fastify's proxy trust) understands.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*$/i;

/** `SASAYAKI_TRUST_PROXY`: a list of addresses, CIDRs or range names; anything else stops the start. */
export function trustedProxies(v: string | undefined): string[] {
  const list = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [addr = '', bits, extra] = entry.split('/');
    const max = IPV4.test(addr) ? 32 : IPV6.test(addr) ? 128 : 0;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    const ok = PROXY_RANGE_NAMES.includes(entry) || (max > 0 && bitsOk && extra === undefined);
    // A range wider than a private network (0.0.0.0/0, ::/0; under /8, or /7 for IPv6) would let any client name its own
    // address in X-Forwarded-For and so undo every per-address limit.
    if (ok && bits !== undefined && Number(bits) < (max === 32 ? 8 : 7)) {
      throw new Error(
        `SASAYAKI_TRUST_PROXY has "${entry}": a range this wide trusts any client to name its own address; list the proxies' own addresses or networks (e.g. 10.0.0.0/8)`,
      );
    }
    if (!ok) {
      throw new Error(
        `SASAYAKI_TRUST_PROXY has "${entry}": list the proxies' addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8) or ${PROXY_RANGE_NAMES.join(', ')}`,
      );
    }
  }
  return list;
}

function int(v: string | undefined, dflt: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? Math.trunc(n) : dflt;
}

function seekSeconds(name: string, v: string | undefined, dflt: number): number {
  const n = int(v, dflt);
  if (n >= 1) return n;
  throw new Error(`${name} is "${v}": use a whole number of seconds, 1 or more`);
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.SASAYAKI_DATA || './data');
  const config: Config = {
    libraryRoots: (env.SASAYAKI_LIBRARY ?? '')
      .split(path.delimiter)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => path.resolve(p)),
    dataDir,
    host: env.SASAYAKI_HOST || '127.0.0.1',
    port: int(env.SASAYAKI_PORT, 8888),
    databaseUrl: env.DATABASE_URL || '',
    dbPoolSize: Math.max(1, int(env.SASAYAKI_DB_POOL_SIZE, DB_DEFAULTS.poolSize)),
    dbStatementTimeoutMs: Math.max(
      0,
      int(env.SASAYAKI_DB_STATEMENT_TIMEOUT_MS, DB_DEFAULTS.statementTimeoutMs),
    ),
    dbConnectTimeoutMs: Math.max(1, int(env.SASAYAKI_DB_CONNECT_TIMEOUT_MS, DB_DEFAULTS.connectTimeoutMs)),
    publicUrl: (env.SASAYAKI_PUBLIC_URL || '').replace(/\/+$/, ''),
    trustProxy: trustedProxies(env.SASAYAKI_TRUST_PROXY),
    watchLibrary: bool(env.SASAYAKI_WATCH, true),
    rescanIntervalMinutes: int(env.SASAYAKI_RESCAN_MINUTES, 10),
    leaderCheckMs: Math.max(100, int(env.SASAYAKI_LEADER_CHECK_MS, 15_000)),
    // After the overrides: a data folder given there keeps its caches too.
    cacheDir: '',
    allowAnonymousMedia: bool(env.SASAYAKI_ANONYMOUS_MEDIA, true),
    registrationEnabled: bool(env.SASAYAKI_REGISTRATION, true),
    registrationsPerAddressPerHour: Math.max(1, int(env.SASAYAKI_REGISTRATION_LIMIT, 5)),
    guestRateLimitPerMinute: int(env.SASAYAKI_GUEST_RATE_LIMIT, 600),
    subtitleQuotaMb: int(env.SASAYAKI_SUBTITLE_QUOTA_MB, 512),
    backupIntervalHours: int(env.SASAYAKI_BACKUP_INTERVAL_HOURS, 24),
    backupKeep: int(env.SASAYAKI_BACKUP_KEEP, 7),
    maintenance: bool(env.SASAYAKI_MAINTENANCE, false),
    maintenanceHtml: env.SASAYAKI_MAINTENANCE_HTML || '',
    maintenanceClosed: bool(env.SASAYAKI_MAINTENANCE_CLOSED, false),
    metricsToken: env.SASAYAKI_METRICS_TOKEN || '',
    fromEnvironment: Object.keys(env).filter((k) => k.startsWith('SASAYAKI_') && !!env[k]),
    transcodeConcurrency: int(env.SASAYAKI_TRANSCODE_CONCURRENCY, 2),
    ffmpegPath: env.SASAYAKI_FFMPEG ?? 'ffmpeg',
    onlineMetadata: bool(env.SASAYAKI_ONLINE_METADATA, false),
    smtpUrl: env.SASAYAKI_SMTP_URL || '',
    mailFrom: env.SASAYAKI_MAIL_FROM || 'Sasayaki <no-reply@localhost>',
    jwtTtlSeconds: int(env.SASAYAKI_JWT_TTL, 30 * 24 * 3600),
    logLevel: env.SASAYAKI_LOG_LEVEL || 'info',
    accel: accelMode(env.SASAYAKI_ACCEL),
    // One path segment or more, no trailing slash: the X-Accel-Redirect target is built on it.
    accelPrefix: `/${(env.SASAYAKI_ACCEL_PREFIX || '/_sasayaki/library').replace(/^\/+|\/+$/g, '')}`,
    rewindSeekSeconds: seekSeconds(
      'SASAYAKI_REWIND_SECONDS',
      env.SASAYAKI_REWIND_SECONDS,
      DEFAULT_SEEK_SECONDS.rewind,
    ),
    forwardSeekSeconds: seekSeconds(
      'SASAYAKI_FORWARD_SECONDS',
      env.SASAYAKI_FORWARD_SECONDS,
      DEFAULT_SEEK_SECONDS.forward,
    ),
    shutdownDelaySeconds: Math.max(0, int(env.SASAYAKI_SHUTDOWN_DELAY_SECONDS, 0)),
    drainSeconds: Math.max(0, int(env.SASAYAKI_DRAIN_SECONDS, 10)),
    ...overrides,
  };
  if (!config.cacheDir) {
    config.cacheDir = env.SASAYAKI_CACHE_DIR ? path.resolve(env.SASAYAKI_CACHE_DIR) : config.dataDir;
  }
  return config;
}

export const paths = {
  database: (c: Config) => path.join(c.dataDir, 'sasayaki.db'),
  covers: (c: Config) => path.join(c.cacheDir, 'covers'),
  transcodes: (c: Config) => path.join(c.cacheDir, 'transcodes'),
  secret: (c: Config) => path.join(c.dataDir, 'jwt-secret'),
  outbox: (c: Config) => path.join(c.dataDir, 'outbox.log'),
  backups: (c: Config) => path.join(c.dataDir, 'backups'),
  demoLibrary: (c: Config) => path.join(c.dataDir, 'demo-library'),
};

/** How to open the catalogue database under these settings. */
export const dbOptions = (c: Config): OpenOptions => ({
  databaseUrl: c.databaseUrl,
  sqlitePath: paths.database(c),
  poolSize: c.dbPoolSize,
  statementTimeoutMs: c.dbStatementTimeoutMs,
  connectTimeoutMs: c.dbConnectTimeoutMs,
});
