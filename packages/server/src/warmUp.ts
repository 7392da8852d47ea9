/**
 * Start-up warm-up: once the server listens, it asks itself for what a first visitor asks for —
 * the default works page, the home page's "Popular now" row and the detail of the first work —
 * so the first listener after a restart does not pay for cold code paths, empty caches and a
 * cold database page cache. A works page right after start cost ~90 ms of CPU before this (and
 * ~1 ms warm): docs/catalogue.md, "Lists and search side by side".
 *
 * First in process (no socket), which fills the caches; then SOCKET_ROUNDS times through a new
 * loopback connection each, which runs what in-process requests skip (accepting a connection,
 * parsing the request, writing the answer, compressing it) often enough for V8 to compile it:
 * the first works page a listener asks for then costs ~1 ms of CPU instead of 4.3. Those
 * requests carry this process's own secret, so they stay out of the request log and the
 * metrics (`isWarmUpRequest`). Failures are only logged: a warm-up never stops a start.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

const WARM_UP_HEADER = 'x-sasayaki-warm-up';
/** Known to this process alone: no one else's requests can pass for the warm-up's. */
const WARM_UP_SECRET = randomBytes(16).toString('hex');
/** The header every warm-up request carries. */
const OURS = { [WARM_UP_HEADER]: WARM_UP_SECRET };
/** Rounds of the works page and the detail through the socket (each pair ~2 ms once warm). */
const SOCKET_ROUNDS = 40;

/** Whether a request is one of this process's own warm-up requests. */
export function isWarmUpRequest(req: { headers: IncomingHttpHeaders }): boolean {
  return req.headers[WARM_UP_HEADER] === WARM_UP_SECRET;
}

/** What is asked, in order; the detail is of the first work the page lists. */
const WORKS_PAGE = '/api/works?page=1';
const POPULAR = '/api/recommender/popular';
/** The home page's first request of the row (HomeSwipers: 20 works, no filter). */
const POPULAR_BODY = { keyword: '', page: 1, pageSize: 20, subtitle: 0, localSubtitledWorks: [] };

export async function warmUp(app: FastifyInstance): Promise<void> {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: OURS });
  try {
    // Twice: the catalogue cache keeps a page from the second time it is asked for.
    await get(WORKS_PAGE);
    const page = await get(WORKS_PAGE);
    if (page.statusCode !== 200) return;
    const first = (page.json() as { works?: { id: number }[] }).works?.[0];
    const detail = first ? `/api/work/${first.id}` : null;
    if (detail) await get(detail);
    // The popular row's ranking, built once, so a first visit shows the row without a long wait.
    await app.inject({ method: 'POST', url: POPULAR, payload: POPULAR_BODY, headers: OURS });
    await throughTheSocket(app, [WORKS_PAGE, ...(detail ? [detail] : [])]);
  } catch (err) {
    app.log.warn({ err }, 'start-up warm-up failed');
  }
}

/** The address a client on this machine reaches the server at, or null (not listening on TCP). */
function loopbackOf(app: FastifyInstance): { host: string; port: number } | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return { host, port: address.port };
}

async function throughTheSocket(app: FastifyInstance, urls: readonly string[]): Promise<void> {
  const to = loopbackOf(app);
  if (!to) return;
  for (let round = 0; round < SOCKET_ROUNDS; round++) {
    // Every other round as a browser asks: the compressed copy's path too.
    const headers = round % 2 ? { ...OURS, 'accept-encoding': 'br, gzip' } : OURS;
    for (const url of urls) await getOnce(to, url, headers);
  }
}

/** One GET on a connection of its own (accepting one is part of what is warmed); body dropped. */
function getOnce(
  to: { host: string; port: number },
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ ...to, path: url, headers, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`warm-up request ${url} timed out`)));
    req.on('error', reject);
  });
}
