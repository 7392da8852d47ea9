/**
 * Start-up warm-up: once the server listens, it asks itself for what a first visitor asks for —
 * the default works page, the home page's "Popular now" row and the detail of the first work —
 * so the first listener after a restart does not pay for cold code paths, empty caches and a
 * cold database page cache. A works page right after start cost ~90 ms of CPU before this (and
 * ~1 ms warm): docs/catalogue.md, "Lists and search side by side".
 *
 * First in process (no socket), which fills the caches and compiles the searches a visitor
 * clicks next; then SOCKET_ROUNDS times through a new loopback connection each, kept alive for
 * both requests as browsers and players keep theirs, which runs what in-process requests skip
 * (accepting a connection, parsing the request, keeping the connection, writing and compressing
 * the answer) often enough for V8 to compile it. The first works page a listener asks for then
 * costs 0.6–0.8 ms of CPU in most runs instead of 4.3 (1.5 when the rounds closed their
 * connections: a kept connection's path stayed cold). Those requests carry this process's own
 * secret, so they stay out of the request log and the metrics (`isWarmUpRequest`). Failures are
 * only logged: a warm-up never stops a start.
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

/**
 * Runs the warm-up; answers what it asked in process, with each answer's status (the socket
 * rounds are not listed).
 */
export async function warmUp(app: FastifyInstance): Promise<{ url: string; status: number }[]> {
  const asked: { url: string; status: number }[] = [];
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: OURS });
    asked.push({ url, status: res.statusCode });
    return res;
  };
  try {
    // Twice: the catalogue cache keeps a page from the second time it is asked for.
    await get(WORKS_PAGE);
    const page = await get(WORKS_PAGE);
    if (page.statusCode !== 200) return asked;
    const first = (page.json() as { works?: FirstWork[] }).works?.[0];
    const detail = first ? `/api/work/${first.id}` : null;
    if (detail) await get(detail);
    // What a visitor clicks from there: the work's tag, voice and circle, a word of its title and
    // another order. Once each: that compiles the search paths (the first tag search after start
    // cost ~10 ms without it, ~4 with it), and one request is not enough for the cache to keep.
    if (first) for (const url of searchesFrom(first)) await get(url);
    // The popular row's ranking, built once, so a first visit shows the row without a long wait.
    await app.inject({ method: 'POST', url: POPULAR, payload: POPULAR_BODY, headers: OURS });
    await throughTheSocket(app, [WORKS_PAGE, ...(detail ? [detail] : [])]);
  } catch (err) {
    app.log.warn({ err }, 'start-up warm-up failed');
  }
  return asked;
}

/** The fields of the page's first work the warm-up's searches are made of. */
interface FirstWork {
  id: number;
  title?: string;
  name?: string;
  tags?: { name: string }[];
  vas?: { name: string }[];
}

function searchesFrom(work: FirstWork): string[] {
  const search = (keyword: string) => `/api/search/${encodeURIComponent(keyword)}`;
  const terms = [
    work.tags?.[0] && `$tag:${work.tags[0].name}$`,
    work.vas?.[0] && `$va:${work.vas[0].name}$`,
    work.name && `$circle:${work.name}$`,
    work.title?.trim().split(/\s+/)[0]?.slice(0, 4),
  ].filter((t): t is string => !!t);
  return [...terms.map(search), '/api/works?page=2&order=dl_count&sort=desc'];
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
    // A connection kept alive, as browsers and players keep theirs, then closed by the client.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const url of urls) await getOnce(to, url, headers, agent);
    } finally {
      agent.destroy();
    }
  }
}

/** One GET on a connection of its own (accepting one is part of what is warmed); body dropped. */
function getOnce(
  to: { host: string; port: number },
  url: string,
  headers: Record<string, string>,
  agent: http.Agent,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ ...to, path: url, headers, agent, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`warm-up request ${url} timed out`)));
    req.on('error', reject);
  });
}
