/**
 * Backups (docs/console.md, "Backups"): the database and the instance secret in one file in
 * `<data>/backups`, taken on demand from the console or the command line, and on a schedule
 * (site settings `backupIntervalHours`, `backupKeep`). Never media or rebuildable caches: the
 * library is the operator's own files, covers and transcodes come back by themselves.
 * Restoring is the command line's (`sasayaki restore FILE`): the file is checked whole before
 * anything is replaced, and the replacement is one transaction.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupInfo, BackupTrigger } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import { ANONYMOUS, type Principal } from '../auth/principal.ts';
import { loadJwtSecret } from '../auth/secret.ts';
import { type Config, paths } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { fail } from '../errors.ts';
import {
  type BackupManifest,
  BackupRefused,
  readManifest,
  unpackBackup,
  writeBackup,
} from '../infra/backup/archive.ts';
import {
  appliedMigrations,
  checkDump,
  dumpDatabase,
  missingPgTools,
  restoreDump,
} from '../infra/backup/database.ts';
import { recordAudit } from './audit.ts';

export { BackupRefused };

const SUFFIX = '.sasayaki-backup';
/** `sasayaki-20261202-173407-manual.sasayaki-backup`: the only names listed, served or deleted. */
const NAME = /^sasayaki-(\d{8}-\d{6})(?:-\d+)?-(manual|scheduled)\.sasayaki-backup$/;
/** How often the leader looks whether a scheduled backup is due. */
const TICK_MS = 60_000;

type Ctx = Pick<AppContext, 'config' | 'db'>;

/** One backup at a time per instance: a second request waits for the first one's file. */
let running: Promise<BackupInfo> | null = null;

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function infoOf(dir: string, name: string): BackupInfo | null {
  const m = NAME.exec(name);
  if (!m) return null;
  try {
    const file = path.join(dir, name);
    const { manifest } = readManifest(file);
    return {
      name,
      bytes: fs.statSync(file).size,
      createdAt: manifest.createdAt,
      dialect: manifest.dialect,
      trigger: m[2] as BackupTrigger,
    };
  } catch {
    // A file with our name but not our content (cut short, copied over): not offered.
    return null;
  }
}

/** The backups in the data folder, newest first. */
export function backupsIn(config: Config): BackupInfo[] {
  const dir = paths.backups(config);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((n) => infoOf(dir, n))
    .filter((b): b is BackupInfo => b !== null)
    .sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

export function listBackups(ctx: Ctx, viewer: Principal): BackupInfo[] {
  requireAccess(viewer, 'admin');
  return backupsIn(ctx.config);
}

/** The file of a listed backup, for its download (audited: it holds every account's hashes). */
export async function backupFileFor(ctx: Ctx, viewer: Principal, name: string): Promise<string> {
  requireAccess(viewer, 'admin');
  const file = listedFile(ctx.config, name);
  await recordAudit(ctx.db, viewer, { action: 'backup.download', target: name });
  return file;
}

function listedFile(config: Config, name: string): string {
  if (!NAME.test(name)) throw fail('BACKUP_NOT_FOUND');
  const file = path.join(paths.backups(config), name);
  if (!fs.existsSync(file)) throw fail('BACKUP_NOT_FOUND');
  return file;
}

export async function deleteBackup(ctx: Ctx, viewer: Principal, name: string): Promise<void> {
  requireAccess(viewer, 'admin');
  fs.rmSync(listedFile(ctx.config, name));
  await recordAudit(ctx.db, viewer, { action: 'backup.delete', target: name });
}

/** Takes a backup now (console, command line) and answers it; audited, failures too. */
export async function takeBackup(ctx: Ctx, viewer: Principal): Promise<BackupInfo> {
  requireAccess(viewer, 'admin');
  return backUp(ctx, viewer, 'manual');
}

/** `sasayaki backup` on the server's machine (audited with no account). */
export function backupByCommand(ctx: Ctx): Promise<BackupInfo> {
  return backUp(ctx, ANONYMOUS, 'manual');
}

async function backUp(ctx: Ctx, actor: Principal, trigger: BackupTrigger): Promise<BackupInfo> {
  while (running) await running.catch(() => undefined);
  running = writeOne(ctx, trigger);
  try {
    const info = await running;
    await recordAudit(ctx.db, actor, {
      action: 'backup.create',
      target: info.name,
      details: { trigger, bytes: info.bytes },
    });
    return info;
  } catch (err) {
    const reason = (err as Error).message;
    await recordAudit(ctx.db, actor, { action: 'backup.fail', details: { trigger, reason } }).catch(
      () => undefined,
    );
    throw fail('BACKUP_FAILED', { reason });
  } finally {
    running = null;
  }
}

async function writeOne({ config, db }: Ctx, trigger: BackupTrigger): Promise<BackupInfo> {
  const dir = paths.backups(config);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const createdAt = Date.now();
  let name = `sasayaki-${stamp(createdAt)}-${trigger}${SUFFIX}`;
  for (let n = 2; fs.existsSync(path.join(dir, name)); n++) {
    name = `sasayaki-${stamp(createdAt)}-${n}-${trigger}${SUFFIX}`;
  }
  const dump = path.join(dir, `.dump-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const migrations = await appliedMigrations(db);
    await dumpDatabase(db, dump);
    const secret = Buffer.from(await loadJwtSecret(config, db)).toString('base64');
    await writeBackup(path.join(dir, name), dump, { dialect: db.dialect, migrations, createdAt, secret });
  } finally {
    fs.rmSync(dump, { force: true });
  }
  const info = infoOf(dir, name);
  if (!info) throw new Error('the backup just written cannot be read back');
  return info;
}

/** Deletes the oldest scheduled backups beyond the number kept (backups taken by hand stay). */
export function pruneScheduled(config: Config, keep: number): string[] {
  const old = backupsIn(config)
    .filter((b) => b.trigger === 'scheduled')
    .slice(Math.max(1, keep));
  for (const b of old) fs.rmSync(path.join(paths.backups(config), b.name), { force: true });
  return old.map((b) => b.name);
}

/**
 * Restores a backup file into the database (the command line, with the server stopped): the
 * whole file is checked first (checksum, dialect, SQLite's integrity check or pg_restore's
 * list, known migrations), then the database is replaced in one transaction, brought up to
 * this version's schema, and the instance secret put back. Answers the backup's description.
 */
export async function restoreBackup(config: Config, db: Db, file: string): Promise<BackupManifest> {
  const dir = paths.backups(config);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const dump = path.join(dir, `.restore-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const manifest = await unpackBackup(file, dump);
    if (manifest.dialect !== db.dialect) {
      throw new BackupRefused(
        `the backup is of a ${manifest.dialect} database and this server uses ${db.dialect}`,
      );
    }
    await checkDump(db.dialect, dump, manifest.migrations);
    await restoreDump(db, dump);
    if (db.dialect === 'sqlite') {
      await migrateToLatest(db, 'sqlite');
      writeSecretFile(paths.secret(config), Buffer.from(manifest.secret, 'base64').toString('utf8'));
    }
    await recordAudit(db, ANONYMOUS, {
      action: 'backup.restore',
      target: path.basename(file),
      details: { createdAt: manifest.createdAt },
    });
    return manifest;
  } finally {
    fs.rmSync(dump, { force: true });
  }
}

function writeSecretFile(file: string, secret: string): void {
  if (secret.length < 32) return;
  const tmp = `${file}.restoring`;
  fs.writeFileSync(tmp, `${secret}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** When the next scheduled backup is due (ms), or null when none is planned. */
export function nextBackupAt(ctx: Pick<AppContext, 'config' | 'settings'>, since: number): number | null {
  const hours = ctx.settings.get('backupIntervalHours');
  if (hours <= 0) return null;
  const last = backupsIn(ctx.config).find((b) => b.trigger === 'scheduled')?.createdAt ?? since;
  return last + hours * 3_600_000;
}

/**
 * The backup schedule's clock on one instance: every TICK_MS, while this instance leads, takes
 * a backup when one is due and prunes the oldest scheduled ones beyond `backupKeep`.
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private missing: Promise<string[]> | null = null;
  readonly startedAt = Date.now();

  constructor(
    private readonly ctx: Pick<AppContext, 'config' | 'db' | 'settings' | 'log'>,
    private readonly isLeader: () => boolean,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** PostgreSQL: the client programs backups need that this machine lacks (looked for once). */
  missingTools(): Promise<string[]> {
    this.missing ??= this.ctx.db.dialect === 'postgres' ? missingPgTools() : Promise.resolve([]);
    return this.missing;
  }

  /** One look at the schedule (tests call it with a clock of their own). */
  async tick(now = Date.now()): Promise<BackupInfo | null> {
    if (this.ticking || !this.isLeader()) return null;
    const due = nextBackupAt(this.ctx, this.startedAt);
    if (due === null || due > now) return null;
    this.ticking = true;
    try {
      const info = await backUp(this.ctx, ANONYMOUS, 'scheduled');
      pruneScheduled(this.ctx.config, this.ctx.settings.get('backupKeep'));
      return info;
    } catch (err) {
      this.ctx.log.error({ err }, 'scheduled backup failed');
      return null;
    } finally {
      this.ticking = false;
    }
  }
}
