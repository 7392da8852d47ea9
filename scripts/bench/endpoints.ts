/**
 * The catalogue endpoints' measurement that `npm run bench` (index.ts) and its million-work run
 * (millionBench.ts) share: each endpoint's latency with one client, its throughput with several,
 * the servers' CPU time per request, and the table they print.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { serverCpuMs } from './serverProcess.ts';

export const log = (msg: string) => process.stdout.write(`${msg}\n`);

export interface EndpointRow {
  /** What was measured: the dialect, or the way in (direct, through nginx). */
  via: string;
  name: string;
  /** Server CPU time per request (load-independent service time). */
  cpu: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

function measure(url: string, seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, pipelining: 1 });
}

/**
 * Asks every instance directly once, so each has built the page's counts for this generation
 * (seconds for a big tag at a million works, once per generation and instance:
 * docs/catalogue.md); returns the slowest of those first answers in ms.
 */
async function firstAnswers(p: string, ports: readonly number[]): Promise<number> {
  let slowest = 0;
  for (const port of ports) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

/**
 * Each endpoint after a check that it answers 2xx and 1 s of warm-up: p50/p99 with one client for
 * `seconds`, then requests/second with `connections` clients; the CPU time is the servers' sum.
 * With `instancePorts`, each instance is first asked directly once and that answer reported apart.
 */
export async function benchEndpoints(opts: {
  via: string;
  port: number;
  endpoints: readonly (readonly [name: string, path: string])[];
  servers: readonly ChildProcess[];
  seconds: number;
  connections: number;
  instancePorts?: readonly number[];
}): Promise<EndpointRow[]> {
  const base = `http://127.0.0.1:${opts.port}`;
  const cpuOf = async () => (await Promise.all(opts.servers.map(serverCpuMs))).reduce((a, b) => a + b, 0);
  const rows: EndpointRow[] = [];
  for (const [name, p] of opts.endpoints) {
    const first = opts.instancePorts ? await firstAnswers(p, opts.instancePorts) : null;
    const check = await fetch(base + p);
    if (!check.ok) throw new Error(`${p} answered ${check.status}: ${await check.text()}`);
    await measure(base + p, 1, 2);
    const cpuBefore = await cpuOf();
    const one = await measure(base + p, opts.seconds, 1);
    const cpu = ((await cpuOf()) - cpuBefore) / Math.max(1, one.requests.total);
    const many = await measure(base + p, opts.seconds, opts.connections);
    const row: EndpointRow = {
      via: opts.via,
      name,
      cpu,
      p50: one.latency.p50,
      p99: one.latency.p99,
      rps: many.requests.average,
      errors: one.errors + one.non2xx + many.errors + many.non2xx,
    };
    rows.push(row);
    const firstNote = first === null ? '' : `first answer ${Math.round(first)} ms; `;
    log(
      `  ${row.via} ${name}: ${firstNote}p50 ${row.p50} ms, p99 ${row.p99} ms (c=1), ${Math.round(row.rps)} req/s (c=${opts.connections}, p50 ${many.latency.p50} ms), ${cpu.toFixed(1)} ms CPU/request`,
    );
  }
  return rows;
}

/** Whether a row meets the latency target: p50 under 20 ms and p99 under 50 ms. */
export const latencyTarget = (r: EndpointRow): string => (r.p50 < 20 && r.p99 < 50 ? 'met' : 'MISSED');

/** Cells padded to their column's widest, a rule under the header. */
export function printColumns(header: readonly string[], lines: readonly string[][]): void {
  const widths = header.map((h, i) => Math.max([...h].length, ...lines.map((l) => [...l[i]!].length)));
  const fmt = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log(fmt(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) log(fmt(l));
}

/**
 * The endpoints' table and the load average during the run; `target` says whether a row's
 * latency target is met ('-' for none).
 */
export function printEndpointTable(
  rows: readonly EndpointRow[],
  titles: { via: string; rps: string },
  target: (r: EndpointRow) => string,
): void {
  log('');
  printColumns(
    [titles.via, 'endpoint', 'cpu ms/req', 'p50 ms', 'p99 ms', titles.rps, 'errors', 'target'],
    rows.map((r) => [
      r.via,
      r.name,
      r.cpu.toFixed(1),
      String(r.p50),
      String(r.p99),
      String(Math.round(r.rps)),
      String(r.errors),
      target(r),
    ]),
  );
  log(`load average during the run: ${loadAverage()} (${os.cpus().length} cores)`);
}

/** The machine's load average: it is shared, so every report names it. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
