/** Scanner test helpers: temp libraries on disk, a scan context on a test database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type Config, loadConfig } from '../../src/config.ts';
import { type ScanOptions, scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { displayPath, type FsPath } from '../../src/storage/byteNames.ts';
import { openTestDb, type TestDb } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

export function tempDir(prefix = 'sasayaki-scan-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A mono 16-bit 8 kHz WAV of exactly `seconds` (a whole number of samples). */
export function wav(seconds: number): Buffer {
  const rate = 8000;
  const n = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), 44 + i * 2);
  return b;
}

/** Writes files under `root`: path → content (a Buffer, a string, or seconds of WAV). */
export function writeTree(root: string, files: Record<string, Buffer | string | number>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, typeof content === 'number' ? wav(content) : content);
  }
}

export interface ScanFixture {
  db: TestDb;
  config: Config;
  dataDir: string;
  scan(opts?: ScanOptions): ReturnType<typeof scanLibrary>;
  close(): Promise<void>;
}

export async function scanFixture(dialect: 'sqlite' | 'postgres', roots: string[]): Promise<ScanFixture> {
  const db = await openTestDb(dialect);
  const dataDir = tempDir('sasayaki-data-');
  const config = loadConfig({}, { libraryRoots: roots, dataDir, onlineMetadata: false });
  return {
    db,
    config,
    dataDir,
    scan: (opts) => scanLibrary({ config, db, hooks: scanHooks }, opts),
    async close() {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ScannedApp extends TestApp {
  /** The library root the works were laid out in. */
  root: string;
  /** What the first scan reported. */
  first: Awaited<ReturnType<typeof scanLibrary>>;
  /** Scans the library again. */
  scan(opts?: ScanOptions): ReturnType<typeof scanLibrary>;
  /** A GET through the app, as from 127.0.0.1. */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A work's files as the database holds them, by path. */
  filesOf(workId: number): Promise<{ id: number; path: string; type: string; duration: number | null }[]>;
}

/** An app whose library `lay` fills (given its root), scanned once: a library's life through the API. */
export async function scannedApp(
  dialect: 'sqlite' | 'postgres',
  lay: (root: string) => void | Promise<void>,
): Promise<ScannedApp> {
  const ta = await startTestApp(dialect);
  const root = ta.config.libraryRoots[0] as string;
  await lay(root);
  const scan = (opts?: ScanOptions) => scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks }, opts);
  return {
    ...ta,
    root,
    first: await scan(),
    scan,
    get: (url, headers = {}) => ta.app.inject({ url, headers: { host: '127.0.0.1', ...headers } }),
    filesOf: (workId) =>
      ta.db
        .selectFrom('files')
        .select(['id', 'path', 'type', 'duration'])
        .where('work_id', '=', workId)
        .orderBy('path')
        .execute(),
  };
}

/** A probe that counts calls and delegates to the real reader. */
export function countingProbe(real: (p: FsPath) => Promise<number>) {
  const calls: string[] = [];
  return {
    calls,
    probe: (p: FsPath) => {
      calls.push(displayPath(p));
      return real(p);
    },
  };
}
