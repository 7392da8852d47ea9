/**
 * The built server (scripts/build-server.mjs), which `npm start` runs on plain node: it starts,
 * scans its library, answers, stops cleanly on SIGTERM, and its rescan threads load the worker
 * compiled beside it, with no TypeScript loader anywhere.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without declarations
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../../../scripts/build-server.mjs';
import { freePort } from '../helpers/nginx.ts';
import { tempDir, writeTree } from '../scanner/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const OUT = path.join(ROOT, 'packages/server/.tmp', `bundle-${process.pid}`);

describe('the built server', () => {
  let library: string;
  let data: string;
  beforeAll(() => {
    library = tempDir();
    data = tempDir('sasayaki-bundle-data-');
    writeTree(library, {
      'RJ01234567 はじめての作品/01 本編.wav': 0.05,
      'RJ01234568 ふたつめ/01 本編.wav': 0.05,
    });
    execFileSync(
      process.execPath,
      [
        'scripts/build-server.mjs',
        OUT,
        `unchangedProbe=${path.join(ROOT, 'packages/server/test/build/unchangedProbe.ts')}`,
      ],
      { cwd: ROOT, stdio: 'pipe' },
    );
  }, 60_000);
  afterAll(() => {
    for (const dir of [library, data, OUT]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is plain JavaScript: no TypeScript loader is imported', () => {
    for (const file of ['main.mjs', 'unchangedWorker.mjs']) {
      const code = fs.readFileSync(path.join(OUT, file), 'utf8');
      expect(code).not.toMatch(/(from |import\()["']tsx/);
    }
  });

  it('starts from its launcher as node with its memory settings, scans its library, answers, and stops cleanly on SIGTERM', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(path.join(OUT, 'sasayaki'), ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SASAYAKI_DATA: data,
        SASAYAKI_LIBRARY: library,
        SASAYAKI_PORT: String(port),
        SASAYAKI_HOST: '127.0.0.1',
        SASAYAKI_LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let works: { pagination: { totalCount: number } } | undefined;
      for (let i = 0; i < 200 && !works; i++) {
        if (child.exitCode !== null) throw new Error(`the built server exited: ${output}`);
        await new Promise((r) => setTimeout(r, 200));
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (health?.ok)
          works = (await (await fetch(`http://127.0.0.1:${port}/api/works`)).json()) as typeof works;
      }
      expect(works?.pagination.totalCount).toBe(2);
      expect(output).toContain(`Sasayaki is listening on http://127.0.0.1:${port}`);
      // The launcher became node (exec: the signal below reaches the server itself), with the
      // node arguments and environment scripts/build-server.mjs names.
      const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toEqual(
        expect.arrayContaining([...SERVER_NODE_ARGS, path.join(OUT, 'main.mjs'), 'start']),
      );
      const environ = fs.readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(SERVER_ENV)) expect(environ).toContain(`${name}=${value}`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('checks a rescan on worker threads with the worker compiled beside it', () => {
    const work = path.join(library, 'RJ01234567 はじめての作品');
    const answered = execFileSync(process.execPath, [path.join(OUT, 'unchangedProbe.mjs'), library, work], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    // Only the thread says "unchanged" (one that fails to load answers nothing, leaving the work to
    // the scan): the check with the true signature is unchanged, the other is not.
    expect(JSON.parse(answered)).toEqual([1]);
  });
});
