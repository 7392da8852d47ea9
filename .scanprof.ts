import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './packages/server/src/config.ts';
import { dropPgSchema, openDb } from './packages/server/src/db/connect.ts';
import { scanLibrary } from './packages/server/src/scanner/index.ts';
const lib = process.argv[2]!;
const dialect = process.argv[3] ?? 'sqlite';
const dataDir = `/tmp/ingest-prof/data-${dialect}`;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const PG = 'postgres://postgres@127.0.0.1:5432/test';
const schema = `ingest_prof_${process.pid}`;
const db = dialect === 'postgres' ? await openDb({ databaseUrl: PG, pgSchema: schema, poolSize: 2 }) : await openDb({ sqlitePath: path.join(dataDir, 'db.sqlite') });
const config = loadConfig({}, { libraryRoots: [lib], dataDir, onlineMetadata: false });
const c0 = process.cpuUsage();
const first = await scanLibrary({ config, db });
const c1 = process.cpuUsage(c0);
console.log('first', first.worksAdded, first.ms, 'ms; cpu', ((c1.user + c1.system) / 1000).toFixed(0), 'ms', first.errors.length, 'errors');
if (!process.env.SKIP_RESCAN) {
  const c2 = process.cpuUsage();
  const again = await scanLibrary({ config, db });
  const c3 = process.cpuUsage(c2);
  console.log('rescan', again.worksUnchanged, again.ms, 'ms; cpu', ((c3.user + c3.system) / 1000).toFixed(0), 'ms');
}
await db.close();
if (dialect === 'postgres') await dropPgSchema(PG, schema);
