// Builds the server into plain JavaScript (packages/server/dist), so `npm start` runs it on node
// itself rather than through tsx's loader. Under tsx every module is compiled at start and the
// loader keeps a thread and a heap of its own: built, the server starts in half the time and
// holds some 80 MB less (docs/catalogue.md "Memory"). esbuild takes well under a second, so it
// builds on every start and is never stale.
//
// Installed packages stay outside the bundle (node loads them from node_modules as usual); the
// contract, a workspace package of TypeScript sources, goes inside.
//
// Beside the bundle it writes `sasayaki`, the command that runs it (`npm start`, the deploy
// recipe's unit) with the runtime settings below, which node reads only at its start.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'packages/server');

const dependencies = (pkg) =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8')).dependencies ?? {});

/**
 * How the server's node is run, for 100,000 works in 200 MB (docs/catalogue.md, "Memory"):
 * - V8's young generation at most 2 × 2 MB (the default grows to 2 × 16 MB and keeps it), and its
 *   old generation grown by 20 % after each full collection (V8 otherwise picks up to 4× from
 *   how fast it collects), so garbage is collected before it piles up: 150–160 MB after the
 *   benchmark's warm-up against 222–228 MB with the young generation alone, for about the same
 *   CPU per request. `--optimize-for-size` held as little, for 45–80 % more CPU on small answers;
 * - glibc gives blocks of 128 KB and more their own mapping, returned when freed, and trims its
 *   heap above 128 KB free. By default the first such block freed raises the threshold to its
 *   size, so Brotli's and SQLite's large short-lived blocks come from the heap and their pages
 *   stay resident after they are freed.
 * An operator's own value of either environment variable wins.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** `sasayaki` beside main.mjs: sets the runtime settings, then becomes node running the bundle. */
function writeLauncher(outdir) {
  const env = Object.entries(SERVER_ENV).map(([k, v]) => `export ${k}="\${${k}:-${v}}"`);
  const script = [
    '#!/bin/sh',
    '# Written by scripts/build-server.mjs: runs the built server with its runtime settings.',
    ...env,
    `exec node ${SERVER_NODE_ARGS.join(' ')} "$(dirname "$0")/main.mjs" "$@"`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(outdir, 'sasayaki'), script, { mode: 0o755 });
}

function defaultEntries() {
  return {
    main: path.join(SERVER, 'src/main.ts'),
    // The rescan's worker threads load it beside main.mjs (scanner/unchanged.ts).
    unchangedWorker: path.join(SERVER, 'src/scanner/unchangedWorker.ts'),
  };
}

/**
 * Bundles `entryPoints` ({ name: source }) into `outdir` as name.mjs. `outdir` belongs inside
 * the repository, two folders down as packages/server/dist is: the bundle loads its packages from
 * node_modules above it and finds the web app at ../../web/dist.
 */
export async function buildServer({
  entryPoints = defaultEntries(),
  outdir = path.join(SERVER, 'dist'),
} = {}) {
  const external = [...new Set([...dependencies('packages/server'), ...dependencies('packages/contract')])]
    .filter((name) => name !== '@sasayaki/contract')
    .flatMap((name) => [name, `${name}/*`]);
  await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    // Stack traces need the mappings, not a copy of every bundled library's source (which would
    // ship their comments and triple the map's size): the sources are in the repository.
    sourcesContent: false,
    logLevel: 'warning',
  });
  writeLauncher(outdir);
  return outdir;
}

// node scripts/build-server.mjs [outdir [name=source …]]: extra entries are bundled beside the
// server's own (its test bundles a probe that starts the worker threads).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [outdir, ...extra] = process.argv.slice(2);
  const started = Date.now();
  const defaults = defaultEntries();
  await buildServer({
    entryPoints: { ...defaults, ...Object.fromEntries(extra.map((e) => e.split('=', 2))) },
    outdir: outdir ? path.resolve(outdir) : undefined,
  });
  console.log(`server built in ${Date.now() - started} ms`);
}
