/**
 * Debian's nginx as an unprivileged front for tests and the benchmark: a config in a temp
 * folder, `daemon off`, its own pid and logs, on a 127.0.0.1 port. The front server block is the
 * one docs/deploy.md documents.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The nginx binary, or null where none is installed. */
export function nginxBinary(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (fs.existsSync(p)) return p;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The security headers of a library file's answer (securityHeaders.ts, the short set) that the
 * accel location copies from the server's answer.
 */
export const SECURITY_HEADERS = [
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'Cross-Origin-Resource-Policy',
] as const;

/**
 * The server block in front of Sasayaki in accel mode (`SASAYAKI_ACCEL=nginx`): requests go to
 * the server, which answers library files with X-Accel-Redirect to `<prefix>/<root index>/…`;
 * one internal location per library root sends them with sendfile, Range and validators.
 */
export function accelServerBlock(opts: {
  listen: string;
  upstream: string;
  accelPrefix: string;
  roots: readonly string[];
}): string {
  const roots = opts.roots
    .map(
      (root, i) => `
    location ${opts.accelPrefix}/${i}/ {
      internal;
      alias ${path.resolve(root)}/;
      # Open every component below the root without following links: a link planted after the
      # server's check cannot lead nginx out of the library.
      disable_symlinks on from=$document_root;
      sendfile on;
      tcp_nopush on;
      # nginx keeps only a few headers of an X-Accel-Redirect answer: carry the server's security
      # headers over to the file it sends.
${SECURITY_HEADERS.map((h) => `      add_header ${h} $upstream_http_${h.toLowerCase().replaceAll('-', '_')} always;`).join('\n')}
    }`,
    )
    .join('');
  return `
  server {
    listen ${opts.listen};
    location / {
      proxy_pass http://${opts.upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }${roots}
  }`;
}

export interface RunningNginx {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the given `http { … }` body in `dir` and waits until `port` answers.
 * `masterProcess: false` runs one process (its CPU time is one /proc entry, for the benchmark).
 */
export async function startNginx(opts: {
  bin: string;
  dir: string;
  http: string;
  port: number;
  masterProcess?: boolean;
}): Promise<RunningNginx> {
  const { dir } = opts;
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${dir}/${t};`)
    .join('\n');
  fs.writeFileSync(
    conf,
    `daemon off;
master_process ${opts.masterProcess === false ? 'off' : 'on'};
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
${temp}
  default_type application/octet-stream;
${opts.http}
}
`,
  );
  const child = spawn(opts.bin, ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(opts.port, '127.0.0.1', () => {
        sock.destroy();
        resolve(true);
      });
      sock.on('error', () => resolve(false));
    });
    if (up) {
      return {
        child,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  const log = fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : '';
  throw new Error(`nginx did not start: ${stderr}${log}`);
}
