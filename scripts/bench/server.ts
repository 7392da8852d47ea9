/**
 * The real server on a benchmark catalogue, without scans (the catalogue was written directly
 * and has no folders on disk): `BENCH_DB` (SQLite file or postgres:// URL), `BENCH_PORT`,
 * `BENCH_LIBRARY` (the root holding the streaming work), `BENCH_ACCEL=nginx` for the front-proxy mode.
 */
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDb } from '../../packages/server/src/db/connect.ts';
import { warmUp } from '../../packages/server/src/warmUp.ts';

const dbSpec = process.env.BENCH_DB ?? '';
const port = Number(process.env.BENCH_PORT ?? 9250);
const config = loadConfig(
  {},
  {
    dataDir: process.env.BENCH_DATA ?? '/tmp/sasayaki-bench/data',
    libraryRoots: [process.env.BENCH_LIBRARY ?? '/tmp/sasayaki-bench/library'],
    host: '127.0.0.1',
    port,
    databaseUrl: dbSpec.startsWith('postgres') ? dbSpec : '',
    watchLibrary: false,
    logLevel: 'warn',
    accel: process.env.BENCH_ACCEL === 'nginx' ? 'nginx' : 'off',
  },
);
const db = await openDb({ databaseUrl: config.databaseUrl, sqlitePath: dbSpec, poolSize: 10 });
const app = await buildApp({ config, db, logger: false });
await app.listen({ host: '127.0.0.1', port });
// As `sasayaki serve` does once it listens (src/warmUp.ts); awaited, so every measurement
// starts after it.
await warmUp(app);
process.stdout.write(`listening ${port}\n`);
// The benchmark asks for the CPU time used so far: service time per request, whatever the load.
process.on('message', (msg) => {
  if (msg === 'cpu') {
    const u = process.cpuUsage();
    process.send?.({ cpuMs: (u.user + u.system) / 1000 });
  }
  // Where the memory is: V8 heap, buffers outside it, and the rest (SQLite's page cache, code).
  if (msg === 'memory') process.send?.({ memory: process.memoryUsage() });
});
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
