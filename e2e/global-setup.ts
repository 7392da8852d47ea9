/**
 * Starts `sasayaki start` on a temporary data folder (demo library + SQLite) and waits for
 * /api/health; returns the teardown that stops it. Mail goes to a test SMTP server on 127.0.0.1
 * that appends every message to `<data>/smtp-inbox.jsonl` (read by `tests/helpers/mail.ts`), and
 * an administrator account exists (`E2E_ADMIN`, see `tests/helpers/accounts.ts`).
 */

/** Accepts every message and appends `{to, raw}` as one JSON line to the inbox file. */
function startSmtp(port: number, inbox: string): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        fs.appendFileSync(inbox, `${JSON.stringify({ to, raw })}\n`);
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');
/** The built server, as `npm start` runs it. */
const SERVER = 'packages/server/dist/main.mjs';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT || 8931);
  // A server left over from an interrupted run would answer the health check below in place of
  // ours, on its own (possibly deleted) data folder.
  const stale = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${port} is already in use: stop what listens there or set E2E_PORT`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-e2e-'));
  const inbox = path.join(dataDir, 'smtp-inbox.jsonl');
  // E2E_SMTP_PORT keeps a run within the ports it was given.
  const smtpPort = Number(process.env.E2E_SMTP_PORT || port + 1000);
  const smtp = await startSmtp(smtpPort, inbox);
  const env = {
    ...process.env,
    SASAYAKI_DATA: dataDir,
    SASAYAKI_PORT: String(port),
    SASAYAKI_HOST: '127.0.0.1',
    SASAYAKI_LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SASAYAKI_LIBRARY: '',
    SASAYAKI_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Every spec registers its accounts from this one address.
    SASAYAKI_REGISTRATION_LIMIT: '100000',
  };
  // Several test runs may share one checkout: build the web app and the server under a lock. The
  // tests run the server as `npm start` does, built (scripts/build-server.mjs), on node itself.
  for (const script of ['scripts/build-web-if-needed.mjs', 'scripts/build-server.mjs']) {
    const build = spawn('flock', ['/tmp/sasayaki-webbuild.lock', 'node', script], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    const built = await new Promise((resolve) => build.on('exit', resolve));
    if (built !== 0) throw new Error(`${script} failed (${built})`);
  }
  const server: ChildProcess = spawn(process.execPath, [SERVER, 'start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  const admin = spawn(
    process.execPath,
    [SERVER, 'user', 'add', 'e2eadmin', '--admin', '--password', 'admin-secret'],
    { cwd: root, env, stdio: 'inherit' },
  );
  const code = await new Promise((resolve) => admin.on('exit', resolve));
  if (code !== 0) throw new Error(`creating the e2e administrator failed (${code})`);
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SMTP_INBOX = inbox;
  return async () => {
    server.kill('SIGTERM');
    smtp.close();
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
