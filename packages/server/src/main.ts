/**
 * The `sasayaki` CLI: `serve`, `start` (demo library if none configured, scan, serve),
 * `scan [--full]`, `user add|passwd|list`, `demo [dir]`, `backup`, `restore FILE`.
 * Exit codes: 0 done (a scan that skipped items is done), 1 fatal error, 2 bad usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

import { buildApp } from './app.ts';
import { backupCommand, restoreCommand } from './cli/backup.ts';
import { type Config, dbOptions, loadConfig, paths } from './config.ts';
import { openDb } from './db/connect.ts';
import { generateDemoLibrary } from './demo/generate.ts';
import { HttpError } from './errors.ts';
import { drainAndClose } from './http/shutdown.ts';
import { startBackgroundScans } from './scanner/background.ts';
import { scanLibrary } from './scanner/index.ts';
import { formatSummary, progressReporter } from './scanner/report.ts';
import { consoleRootsExist, listRoots } from './services/libraryRoots.ts';
import { scanHooks } from './services/scans/hooks.ts';
import { scanAtStart } from './services/scans/startup.ts';
import { setupNeeded } from './services/setup.ts';
import { createUser, listUsers, setPassword } from './services/users.ts';
import { startBanner } from './startBanner.ts';
import { effectiveRoots } from './storage/effectiveRoots.ts';
import { warmUp } from './warmUp.ts';

const USAGE = `usage: sasayaki <command>
  start                          generate the demo library if no library is configured, scan, serve
  serve                          serve the API and the web app; rescans the library in the background
  scan [--full]                  scan the library once (--full re-reads every file) and exit
  user add <name> [--admin] [--password P]
  user passwd <name> [--password P]
  user list
  demo [dir]                     write the demo library (default: <data>/demo-library)
  backup                         back up the database and the instance secret to <data>/backups
  restore <file> [--yes]         replace the database by a backup (stop the server first)
Settings come from SASAYAKI_* environment variables (see README).
`;

class UsageError extends Error {}

async function openCatalogue(config: Config) {
  return openDb(dbOptions(config));
}

/** Writes the demo library to a temporary sibling, then renames: never half a library. */
async function writeDemo(dir: string): Promise<void> {
  const tmp = `${dir}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await generateDemoLibrary(tmp, { log: (m) => console.log(m.replace(tmp, dir)) });
  fs.renameSync(tmp, dir);
}

async function serve(config: Config, { scanFirst }: { scanFirst: boolean }): Promise<void> {
  const db = await openCatalogue(config);
  const app = await buildApp({ config, db });
  const roots = await effectiveRoots(config, db);
  // With several instances on PostgreSQL, the leader scans (and the others serve what it writes).
  if (scanFirst && roots.length && app.leader.isLeader) {
    console.log(`scanning ${roots.map((r) => r.path).join(', ')}`);
    const reporter = progressReporter();
    const scanning = app.scans.subscribe((run) => {
      if (run?.phase)
        reporter.onProgress({
          phase: run.phase,
          done: run.worksDone,
          total: run.worksTotal,
          current: run.current ?? undefined,
          files: run.files,
        });
    });
    try {
      console.log(formatSummary(await app.scans.run('quick', 'startup')));
    } finally {
      scanning();
      reporter.stop();
    }
  }
  const scans = startBackgroundScans(
    { config, db, hooks: scanHooks, log: app.log },
    {
      initial: !scanFirst && (await scanAtStart(config, db)),
      // Later scans follow each root's schedule (services/scans/schedule.ts).
      every: false,
      // Only the leader rescans (infra/cluster/leader.ts). With no root in effect there is nothing
      // to look at (and nothing to remove).
      scan: async () =>
        app.leader.isLeader && (await effectiveRoots(config, db)).length
          ? app.scans.run('quick', 'schedule')
          : null,
    },
  );
  app.scheduler.start();
  app.backupScheduler.start();
  // Graceful: health fails first, the socket closes, requests in flight finish (or are cut at
  // the drain time), then the app and the pool close (http/shutdown.ts, docs/deploy.md).
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining');
    scans.stop();
    app.scheduler.stop();
    try {
      const { cut, tookMs } = await drainAndClose(app, {
        delayMs: config.shutdownDelaySeconds * 1000,
        drainMs: config.drainSeconds * 1000,
      });
      app.log.info({ cut, tookMs }, 'drained');
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  console.log(
    startBanner({
      url: config.publicUrl || `http://${shownHost}:${config.port}`,
      roots: await listRoots(config, db),
      needsAdministrator: await setupNeeded(db),
    }),
  );
  void warmUp(app);
}

async function start(config: Config): Promise<void> {
  console.log(`starting Sasayaki (data folder ${config.dataDir})…`);
  if (!config.libraryRoots.length && !(await hasConsoleRoots(config))) {
    const demo = paths.demoLibrary(config);
    if (!fs.existsSync(demo)) {
      console.log(`no library configured yet: generating the demo library in ${demo}`);
      await writeDemo(demo);
    }
  }
  await serve(config, { scanFirst: true });
}

/** Whether roots were added in the console (then no demo library is made). */
async function hasConsoleRoots(config: Config): Promise<boolean> {
  const db = await openCatalogue(config);
  try {
    return await consoleRootsExist(db);
  } finally {
    await db.close();
  }
}

async function scan(config: Config, args: string[]): Promise<number> {
  const full = args.includes('--full');
  const unknown = args.filter((a) => a !== '--full');
  if (unknown.length) throw new UsageError(`unknown option ${unknown[0]}`);
  const db = await openCatalogue(config);
  const roots = await effectiveRoots(config, db);
  if (!roots.length) {
    await db.close();
    console.error(
      'no library configured: add a library folder in the console (/admin/libraries), set SASAYAKI_LIBRARY, or run `sasayaki demo`',
    );
    return 1;
  }
  const reporter = progressReporter();
  try {
    const summary = await scanLibrary(
      { config, db, roots, hooks: scanHooks },
      { full, onProgress: (p) => reporter.onProgress(p) },
    );
    reporter.stop();
    console.log(formatSummary(summary));
    return 0;
  } finally {
    reporter.stop();
    await db.close();
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

/** A password from the terminal (not echoed) or, when piped, the first line of stdin. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const rl = readline.createInterface({ input });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new UsageError('no password given: use --password or pipe it on stdin');
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve) => {
    let pw = '';
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(pw);
          return;
        }
        if (ch === '\u0003') process.exit(130);
        pw = ch === '\u007f' ? pw.slice(0, -1) : pw + ch;
      }
    };
    input.on('data', onData);
  });
}

async function user(config: Config, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const db = await openCatalogue(config);
  try {
    if (sub === 'list') {
      const users = await listUsers(db);
      for (const u of users) {
        console.log(
          `${String(u.id).padStart(4)}  ${u.name.padEnd(24)} ${u.group.padEnd(14)} ${u.email ?? ''}`,
        );
      }
      return 0;
    }
    if (sub === 'add' || sub === 'passwd') {
      const admin = rest.includes('--admin');
      const opts = rest.filter((a) => a !== '--admin');
      const password = option(opts, '--password');
      const [name, extra] = opts;
      if (!name || extra !== undefined) throw new UsageError(`usage: sasayaki user ${sub} <name> …`);
      if (sub === 'passwd' && admin) throw new UsageError('--admin applies to user add');
      const pw = password ?? (await readPassword(`password for ${name}: `));
      if (sub === 'add') {
        const u = await createUser(db, { name, password: pw, group: admin ? 'administrator' : 'user' });
        console.log(`user ${u.name} created (${u.grp})`);
      } else {
        await setPassword(db, name, pw);
        console.log(`password of ${name} changed; their existing sessions are signed out`);
      }
      return 0;
    }
    throw new UsageError('usage: sasayaki user add|passwd|list');
  } finally {
    await db.close();
  }
}

/** `backup` and `restore`: on the database of these settings (cli/backup.ts). */
async function backupOrRestore(
  config: Config,
  command: 'backup' | 'restore',
  args: string[],
): Promise<number> {
  const yes = args.includes('--yes');
  const [file, extra] = args.filter((a) => a !== '--yes');
  if (command === 'backup' ? args.length : !file || extra !== undefined) {
    throw new UsageError(
      command === 'backup' ? 'usage: sasayaki backup' : 'usage: sasayaki restore <file> [--yes]',
    );
  }
  const db = await openCatalogue(config);
  try {
    return command === 'backup'
      ? await backupCommand(config, db)
      : await restoreCommand(config, db, file!, yes);
  } finally {
    await db.close();
  }
}

async function demo(config: Config, args: string[]): Promise<number> {
  const dir = path.resolve(args[0] ?? paths.demoLibrary(config));
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
    console.error(`${dir} exists and is not empty: choose another folder or remove it first`);
    return 1;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await writeDemo(dir);
  console.log(`point SASAYAKI_LIBRARY=${dir} at it (or run \`sasayaki start\` with no library configured)`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const config = loadConfig();
  switch (command) {
    case 'serve':
      await serve(config, { scanFirst: false });
      return -1;
    case 'start':
      await start(config);
      return -1;
    case 'scan':
      return scan(config, args);
    case 'user':
      return user(config, args);
    case 'demo':
      return demo(config, args);
    case 'backup':
    case 'restore':
      return backupOrRestore(config, command, args);
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`unknown command ${command}\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    // Account errors carry a message a person can act on (name taken, password too short).
    console.error(err instanceof HttpError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
