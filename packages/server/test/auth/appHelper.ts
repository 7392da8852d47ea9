/**
 * A real app on a test database (SQLite file or PostgreSQL schema) in a temp data folder, with
 * helpers to create accounts and sign in through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createUser } from '../../src/services/users.ts';
import { openTestDb, type TestDb } from '../helpers/db.ts';
import { watchErrorAnswers } from '../helpers/errorAnswers.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-auth-'));
  const config = loadConfig({}, { dataDir, libraryRoots: [], watchLibrary: false, ...overrides });
  const db = await openTestDb(dialect);
  const app = await buildApp({ config, db, logger: false });
  // Every error answer of the suites using this app must come from the catalogue.
  const errorAnswers = watchErrorAnswers(app);
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      errorAnswers.assertAllCoded();
    },
  };
}

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
