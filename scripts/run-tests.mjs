// `npm test`: every test tier this machine can run — static checks (tsc, Biome, the web app's
// import rules), vitest (unit and integration, on SQLite and on PostgreSQL where reachable) and
// Playwright in Chromium (where Chromium is installed) — then one summary line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-tests-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) exitCode = 1;
}

// 0. static checks: types across the whole workspace, format and lint rules, the web app's import rules
for (const [name, cmd, args] of [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['dependencies', 'npm', ['run', '--silent', 'lint:deps']],
]) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status === 0) passed += 1;
  else {
    console.error(`[fail] ${name}`);
    failed += 1;
  }
}

// 1. vitest
const vitestJson = path.join(out, 'vitest.json');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A file that fails to load counts as a failure even with no test inside it.
  failed += r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} else {
  failed += 1;
}

// 2. Playwright (browser and black-box API tests against the real server)
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  const pwJson = path.join(out, 'playwright.json');
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
  } else {
    failed += 1;
  }
} else {
  console.warn(
    `[notice] Chromium not found at ${chromium}: browser tests skipped (install chromium to run them)`,
  );
}

if (failed > 0) exitCode = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode);
