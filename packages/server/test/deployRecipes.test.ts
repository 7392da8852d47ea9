/**
 * The balancer configurations of docs/deploy.md ("Several instances behind a balancer") are
 * accepted by Debian's nginx (`nginx -t`) and HAProxy (`haproxy -c`), as printed there. Each is
 * skipped with a notice where the program is missing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxBinary } from './helpers/nginx.ts';
import { tempDir } from './scanner/helpers.ts';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Several instances behind a balancer'));

/** The first fenced block of `lang` in the balancer section. */
function block(lang: string): string {
  const m = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section);
  if (!m?.[1]) throw new Error(`no ${lang} block in docs/deploy.md's balancer section`);
  return m[1];
}

function haproxyBinary(): string | null {
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

const nginx = nginxBinary();
const haproxy = haproxyBinary();
if (!nginx) console.warn('[notice] nginx not found: its deploy recipe is not checked');
if (!haproxy) console.warn('[notice] haproxy not found: its deploy recipe is not checked');

describe('the balancer recipes of docs/deploy.md', () => {
  it.skipIf(!nginx)('nginx accepts its upstream and server blocks', () => {
    const dir = tempDir('sasayaki-recipe-');
    fs.writeFileSync(path.join(dir, 'site.conf'), block('nginx'));
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include ${dir}/site.conf;\n}\n`,
    );
    const r = spawnSync(
      nginx!,
      ['-t', '-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toContain('test is successful');
    expect(r.status).toBe(0);
    expect(block('nginx')).toMatch(/proxy_next_upstream error timeout/);
  });

  it.skipIf(!haproxy)('HAProxy accepts its configuration, health check on /api/health', () => {
    const dir = tempDir('sasayaki-recipe-');
    const cfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(cfg, block('haproxy'));
    const r = spawnSync(haproxy!, ['-c', '-f', cfg], { encoding: 'utf8' });
    expect(`${r.stdout}${r.stderr}`).toContain('Configuration file is valid');
    expect(r.status).toBe(0);
    expect(block('haproxy')).toContain('http-check send meth GET uri /api/health');
    // A broken file is refused: the check above could fail.
    fs.writeFileSync(cfg, `${block('haproxy')}\n  no-such-keyword on\n`);
    expect(spawnSync(haproxy!, ['-c', '-f', cfg], { encoding: 'utf8' }).status).not.toBe(0);
  });
});
