/**
 * Two app instances on one PostgreSQL schema, each with its own pool and data folder (a
 * load-balanced deployment): whatever they agree on comes from the database.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Db, dropPgSchema, openDb } from '../../src/db/connect.ts';
import { PG_URL } from '../helpers/db.ts';

export interface Instance {
  app: FastifyInstance;
  db: Db;
  dir: string;
}

async function startInstance(schema: string, overrides: Partial<Config>): Promise<Instance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-limits-'));
  const db = await openDb({ databaseUrl: PG_URL, pgSchema: schema, poolSize: 4 });
  const config = loadConfig(
    {},
    { dataDir: dir, libraryRoots: [], watchLibrary: false, publicUrl: '', ...overrides },
  );
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return { app, db, dir };
}

type Answer = Promise<LightMyRequestResponse>;

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** The `i`th of a series of requests: even ones go to instance A, odd ones to B. */
  inject(i: number, options: InjectOptions): Answer;
  close(): Promise<void>;
}

/** Starts A, then B (so B's start finds A's migrations done), on a fresh schema. */
export async function startTwoInstances(overrides: Partial<Config> = {}): Promise<TwoInstances> {
  const schema = `t_limits_${randomBytes(5).toString('hex')}`;
  const a = await startInstance(schema, overrides);
  const b = await startInstance(schema, overrides);
  return {
    a,
    b,
    inject: (i, options) => (i % 2 === 0 ? a : b).app.inject(options),
    async close() {
      for (const i of [a, b]) {
        await i.app.close();
        await i.db.close();
        fs.rmSync(i.dir, { recursive: true, force: true });
      }
      await dropPgSchema(PG_URL, schema);
    },
  };
}

/** Fires `n` requests at once and counts their statuses. */
export async function statusCounts(
  n: number,
  request: (i: number) => Answer,
): Promise<Record<number, number>> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => request(i)));
  const counts: Record<number, number> = {};
  for (const r of answers) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}
