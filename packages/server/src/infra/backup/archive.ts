/**
 * The backup file (docs/console.md, "Backups"): one line naming the format, one line of JSON
 * describing what is inside, then the database's dump, gzipped. The description holds the
 * dump's length and SHA-256, so a file cut short, edited or from another program is refused
 * before anything is touched; it also holds the instance secret (sessions, app passwords and
 * tokens signed with it stay valid after a restore), which is why backups are kept like the
 * database itself: readable by the server's account only.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Dialect } from '../../db/dialect.ts';

const MAGIC = 'SASAYAKI-BACKUP 1\n';
/** The description line is short; a longer first line is not ours. */
const MAX_MANIFEST = 64 * 1024;

export interface BackupManifest {
  format: 1;
  dialect: Dialect;
  /** The migrations applied to the database when it was dumped, in order. */
  migrations: string[];
  createdAt: number;
  /** The instance secret (base64). */
  secret: string;
  /** The dump before compression. */
  dumpBytes: number;
  dumpSha256: string;
}

/** Why a file is not a backup this server can restore. */
export class BackupRefused extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes `dump` (a file) and its description as a backup at `dest`, through a temporary name. */
export async function writeBackup(
  dest: string,
  dump: string,
  manifest: Omit<BackupManifest, 'format' | 'dumpBytes' | 'dumpSha256'>,
): Promise<void> {
  const full: BackupManifest = {
    format: 1,
    ...manifest,
    dumpBytes: fs.statSync(dump).size,
    dumpSha256: await sha256Of(dump),
  };
  const tmp = `${dest}.partial`;
  try {
    const out = fs.createWriteStream(tmp, { mode: 0o600 });
    out.write(`${MAGIC}${JSON.stringify(full)}\n`);
    await pipeline(fs.createReadStream(dump), zlib.createGzip({ level: 6 }), out);
    fs.renameSync(tmp, dest);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Reads the description of a backup without reading the dump (the console's list). */
export function readManifest(file: string): { manifest: BackupManifest; dumpOffset: number } {
  let fd: number;
  try {
    if (!fs.statSync(file).isFile()) throw Object.assign(new Error(), { code: 'not a file' });
    fd = fs.openSync(file, 'r');
  } catch (err) {
    throw new BackupRefused(`the file cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    const head = Buffer.alloc(MAGIC.length + MAX_MANIFEST);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, n);
    if (text.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) {
      throw new BackupRefused('not a Sasayaki backup');
    }
    const end = text.indexOf(0x0a, MAGIC.length);
    if (end < 0) throw new BackupRefused('the backup’s description is cut short');
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(text.subarray(MAGIC.length, end).toString('utf8'));
    } catch {
      throw new BackupRefused('the backup’s description is not readable');
    }
    if (!isManifest(manifest)) throw new BackupRefused('the backup’s description is incomplete');
    return { manifest, dumpOffset: end + 1 };
  } finally {
    fs.closeSync(fd);
  }
}

function isManifest(m: unknown): m is BackupManifest {
  const v = m as Partial<BackupManifest> | null;
  return (
    !!v &&
    v.format === 1 &&
    (v.dialect === 'sqlite' || v.dialect === 'postgres') &&
    Array.isArray(v.migrations) &&
    v.migrations.every((s) => typeof s === 'string') &&
    typeof v.createdAt === 'number' &&
    typeof v.secret === 'string' &&
    typeof v.dumpBytes === 'number' &&
    typeof v.dumpSha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(v.dumpSha256)
  );
}

/**
 * Unpacks a backup's dump to `dest` and checks it against its description: the whole file
 * is read, so a backup cut short or changed by one byte is refused here.
 */
export async function unpackBackup(file: string, dest: string): Promise<BackupManifest> {
  const { manifest, dumpOffset } = readManifest(file);
  try {
    await pipeline(
      fs.createReadStream(file, { start: dumpOffset }),
      zlib.createGunzip(),
      fs.createWriteStream(dest, { mode: 0o600 }),
    );
  } catch {
    throw new BackupRefused('the backup’s dump is damaged (it does not decompress)');
  }
  const size = fs.statSync(dest).size;
  if (size !== manifest.dumpBytes || (await sha256Of(dest)) !== manifest.dumpSha256) {
    throw new BackupRefused('the backup’s dump does not match its checksum: the file was changed or cut');
  }
  return manifest;
}
