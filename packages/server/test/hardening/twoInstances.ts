/**
 * Two app instances on one PostgreSQL schema, each with its own pool and data folder (a
 * load-balanced deployment): whatever they agree on comes from the database.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../src/config.ts';
import { dropPgSchema } from '../../src/db/connect.ts';
import { PG_URL, pgSchemaAt } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

export type Instance = TestApp;

const startInstance = (schema: string, overrides: Partial<Config>): Promise<Instance> =>
  startTestApp('postgres', { libraryRoots: [], ...overrides }, { database: pgSchemaAt(schema) });

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
      for (const i of [a, b]) await i.close();
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
