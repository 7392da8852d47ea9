/**
 * Every setting of the server, its default and its environment override, in one place.
 * Environment names are `SASAYAKI_*` (plus the conventional `DATABASE_URL`).
 */
import path from 'node:path';
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
  /** Base of the absolute URLs in answers; empty means derived from each request. */
  publicUrl: string;
  /** Watch the library and rescan in the background while serving. */
  watchLibrary: boolean;
  /** Minutes between background rescans (a cheap stat-only pass when nothing changed). */
  rescanIntervalMinutes: number;
  /** Anonymous visitors may stream and download (spec §6). */
  allowAnonymousMedia: boolean;
  /** Registration open to anyone (GET /api/auth/reg). */
  registrationEnabled: boolean;
  /** Requests per minute for the guest account's API and media traffic. */
  guestRateLimitPerMinute: number;
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

function int(v: string | undefined, dflt: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? Math.trunc(n) : dflt;
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
    watchLibrary: bool(env.SASAYAKI_WATCH, true),
    rescanIntervalMinutes: int(env.SASAYAKI_RESCAN_MINUTES, 10),
    allowAnonymousMedia: bool(env.SASAYAKI_ANONYMOUS_MEDIA, true),
    registrationEnabled: bool(env.SASAYAKI_REGISTRATION, true),
    guestRateLimitPerMinute: int(env.SASAYAKI_GUEST_RATE_LIMIT, 600),
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
    ...overrides,
  };
  return config;
}

export const paths = {
  database: (c: Config) => path.join(c.dataDir, 'sasayaki.db'),
  covers: (c: Config) => path.join(c.dataDir, 'covers'),
  transcodes: (c: Config) => path.join(c.dataDir, 'transcodes'),
  secret: (c: Config) => path.join(c.dataDir, 'jwt-secret'),
  outbox: (c: Config) => path.join(c.dataDir, 'outbox.log'),
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
