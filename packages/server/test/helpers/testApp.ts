/**
 * The one way server tests build an app: a real app on a real test database (SQLite file or
 * PostgreSQL schema) in its own temp folder, answered through `app.inject`. Every error answer it
 * gives must come from the catalogue (checked when it closes). Helpers below sign accounts in
 * through the API or the auth plugin's own signer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { startSession } from '../../src/services/sessions.ts';
import { createUser } from '../../src/services/users.ts';
import { connectTestDb, openTestDb, type TestDb, type TestDbAddress } from './db.ts';
import { watchErrorAnswers } from './errorAnswers.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  /** The app's temp folder: `data/` (its data folder), `library/` (its library root) and room for more. */
  dir: string;
  /** Closes the app and the database, removes the folder, then fails on any uncatalogued error answer. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The built web app the server serves (default: none). */
  webDist?: string;
  /** Adds hooks or routes before the app starts (given the app's database). */
  beforeReady?: (app: FastifyInstance, db: TestDb) => void;
  /** Fastify's logger (default: off). */
  logger?: BuildOptions['logger'];
  /** Options of the test database (pool size, timeouts). */
  dbOptions?: Parameters<typeof openTestDb>[1];
  /**
   * Runs on this existing database (another app's `db`, or a schema the test owns) through a
   * connection of its own, as a second server instance does; its owner drops it, after this app
   * is closed. Default: a fresh test database of its own.
   */
  database?: TestDbAddress;
}

/**
 * Starts an app; with `options.database`, one more instance on that database. Config defaults:
 * the data folder `dir/data`, one library root `dir/library` (both created), no public URL, no
 * library watcher; `overrides` replace any of them.
 */
export async function startTestApp(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const db = options.database
    ? await connectTestDb(options.database, options.dbOptions)
    : await openTestDb(dialect, options.dbOptions);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-app-'));
  const config = loadConfig(
    {},
    {
      dataDir: path.join(dir, 'data'),
      libraryRoots: [path.join(dir, 'library')],
      publicUrl: '',
      watchLibrary: false,
      ...overrides,
    },
  );
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (const root of config.libraryRoots) fs.mkdirSync(root, { recursive: true });
  const app = await buildApp({ config, db, logger: options.logger ?? false, webDist: options.webDist });
  const errorAnswers = watchErrorAnswers(app);
  options.beforeReady?.(app, db);
  await app.ready();
  return {
    app,
    db,
    config,
    dir,
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      errorAnswers.assertAllCoded();
    },
  };
}

/** Signs in through the API; returns the token. */
export async function login(app: FastifyInstance, name: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/me', payload: { name, password } });
  if (res.statusCode !== 200) throw new Error(`login ${name} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Creates an account directly and signs it in; returns its bearer header. */
export async function account(
  t: TestApp,
  name: string,
  opts: { group?: 'user' | 'guest' | 'administrator'; email?: string } = {},
): Promise<{ authorization: string; id: number; token: string }> {
  const password = `${name}-password`;
  const row = await createUser(t.db, { name, password, group: opts.group, email: opts.email ?? null });
  const token = await login(t.app, name, password);
  return { authorization: `Bearer ${token}`, id: row.id, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A bearer token for a user row, through the auth plugin's own signer. */
export async function tokenFor(t: TestApp, userId: number): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'name', 'token_version'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return t.app.auth.tokenOf(user, await startSession(t.db, user, { address: '127.0.0.1' }, 3600_000));
}
