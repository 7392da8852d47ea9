/**
 * The token signing secret, generated on first start, never a built-in default.
 * SQLite (one instance): the file `<data>/jwt-secret`, mode 0600.
 * PostgreSQL (possibly several instances): the settings row `jwt_secret`, so every instance
 * signs and verifies with the same key; the first instance to start inserts it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, paths } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { settingOrInsert } from '../repositories/settings.ts';

const SETTING_KEY = 'jwt_secret';

function fresh(): string {
  return randomBytes(48).toString('base64url');
}

function fileSecret(file: string): string {
  try {
    const s = fs.readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const s = fresh();
  // 'wx' fails when another process wrote the file in between: then read theirs.
  try {
    fs.writeFileSync(file, `${s}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
  return s;
}

async function settingSecret(db: Db): Promise<string> {
  return settingOrInsert(db, SETTING_KEY, fresh());
}

export async function loadJwtSecret(config: Config, db: Db): Promise<string> {
  return db.dialect === 'postgres' ? settingSecret(db) : fileSecret(paths.secret(config));
}
