// Builds the web app when its output is missing or older than any of its sources,
// so `npm start` is quick after the first run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../packages/web');
const contract = path.resolve(import.meta.dirname, '../packages/contract/src');
const built = path.join(web, 'dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt && builtAt >= Math.max(newest(web), newest(contract))) {
  console.log('web app is up to date');
} else {
  // A first build takes 6 s on a quiet 2-core machine and minutes on a busy one: say that it is
  // still going.
  const started = Date.now();
  console.log('building the web app (first start, or its sources changed)…');
  const ticker = setInterval(() => {
    console.log(`  still building the web app: ${Math.round((Date.now() - started) / 1000)} s`);
  }, 10_000);
  const code = await new Promise((resolve) => {
    const vite = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
    vite.on('exit', resolve);
  });
  clearInterval(ticker);
  if (code !== 0) process.exit(typeof code === 'number' ? code : 1);
  console.log(`web app built in ${Math.round((Date.now() - started) / 1000)} s; starting the server…`);
}
