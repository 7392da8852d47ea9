/**
 * `sasayaki backup` and `sasayaki restore FILE [--yes]` (docs/console.md, "Backups"). A restore
 * replaces the whole database: it is for a stopped server (a running one would keep serving
 * what it cached), says what it will replace and asks first unless given --yes.
 */
import path from 'node:path';
import readline from 'node:readline/promises';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { BackupRefused, backupByCommand, restoreBackup } from '../services/backups.ts';

const sizeOf = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function backupCommand(config: Config, db: Db): Promise<number> {
  const b = await backupByCommand({ config, db });
  console.log(`backup written: ${path.join(config.dataDir, 'backups', b.name)} (${sizeOf(b.bytes)})`);
  return 0;
}

async function confirmed(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
  }
}

export async function restoreCommand(config: Config, db: Db, file: string, yes: boolean): Promise<number> {
  const where = db.dialect === 'postgres' ? 'the PostgreSQL schema' : `${config.dataDir}/sasayaki.db`;
  console.log(
    `restoring ${file} replaces everything in ${where}: catalogue, accounts, reviews, playlists, history and settings.\nStop every Sasayaki server using it first.`,
  );
  if (!yes && !(await confirmed('type "yes" to go on: '))) {
    console.error('not restored (give --yes to restore without the question)');
    return 2;
  }
  try {
    const m = await restoreBackup(config, db, path.resolve(file));
    console.log(`restored the backup of ${new Date(m.createdAt).toISOString()}`);
    return 0;
  } catch (err) {
    if (!(err instanceof BackupRefused)) throw err;
    console.error(`not restored, nothing was changed: ${err.message}`);
    return 1;
  }
}
