/** A real app on a real test database (SQLite file or PostgreSQL schema) for inject tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { openTestDb, type TestDb } from '../helpers/db.ts';
import { watchErrorAnswers } from '../helpers/errorAnswers.ts';

export interface TestApp {
  app: FastifyInstance;
  t: TestDb;
  config: Config;
  dir: string;
  close(): Promise<void>;
}

export async function openTestApp(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<Config> = {},
  options: {
    webDist?: string /** Adds hooks or routes before the app starts. */;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const t = await openTestDb(dialect);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-api-'));
  const config = loadConfig(
    {},
    {
      dataDir: path.join(dir, 'data'),
      libraryRoots: [path.join(dir, 'library')],
      publicUrl: '',
      ...overrides,
    },
  );
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (const root of config.libraryRoots) fs.mkdirSync(root, { recursive: true });
  const app = await buildApp({ config, db: t, logger: false, webDist: options.webDist });
  // Every error answer of the suites using this app must come from the catalogue.
  const errorAnswers = watchErrorAnswers(app);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    t,
    config,
    dir,
    async close() {
      await app.close();
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
      errorAnswers.assertAllCoded();
    },
  };
}

/** A bearer token for a user row, through the auth plugin's own signer. */
export async function tokenFor(ta: TestApp, userId: number): Promise<string> {
  const user = await ta.t.db
    .selectFrom('users')
    .select(['id', 'name', 'token_version'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return ta.app.auth.issueToken(user);
}
