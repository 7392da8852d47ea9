/**
 * Start-up warm-up: once the server listens, it asks itself (in process, no socket) for what a
 * first visitor asks for — the default works page, the home page's "Popular now" row and the
 * detail of the first work — so the
 * first listener after a restart does not pay for cold code paths, empty caches and a cold
 * database page cache. A works page right after start cost ~90 ms of CPU before this (and ~1 ms
 * warm): docs/catalogue.md, "Lists and search side by side". Failures are only logged: a
 * warm-up never stops a start.
 */
import type { FastifyInstance } from 'fastify';

/** What is asked, in order; the detail is of the first work the page lists. */
const WORKS_PAGE = '/api/works?page=1';
const POPULAR = '/api/recommender/popular';
/** The home page's first request of the row (HomeSwipers: 20 works, no filter). */
const POPULAR_BODY = { keyword: '', page: 1, pageSize: 20, subtitle: 0, localSubtitledWorks: [] };

export async function warmUp(app: FastifyInstance): Promise<void> {
  try {
    // Twice: the catalogue cache keeps a page from the second time it is asked for.
    await app.inject({ method: 'GET', url: WORKS_PAGE });
    const page = await app.inject({ method: 'GET', url: WORKS_PAGE });
    if (page.statusCode !== 200) return;
    const first = (page.json() as { works?: { id: number }[] }).works?.[0];
    if (first) await app.inject({ method: 'GET', url: `/api/work/${first.id}` });
    // The popular row's ranking, built once, so a first visit shows the row without a long wait.
    await app.inject({ method: 'POST', url: POPULAR, payload: POPULAR_BODY });
  } catch (err) {
    app.log.warn({ err }, 'start-up warm-up failed');
  }
}
