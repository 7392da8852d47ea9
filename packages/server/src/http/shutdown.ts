/**
 * Graceful shutdown of a listening server behind a balancer (docs/deploy.md, "Several
 * instances"). In order:
 * 1. `/api/health` answers 503 `SHUTTING_DOWN` and every answer carries `Connection: close`, so a
 *    balancer drops its kept-alive connections to this instance one answer at a time, and one
 *    with active health checks stops choosing it (`shutdownDelaySeconds`, while still accepting);
 * 2. the listening socket closes: new connections are refused, which a balancer retries on
 *    another instance for any method (nothing was sent);
 * 3. the requests in flight finish; idle kept-alive connections are left for the client to
 *    close (a proxy's own keep-alive timeout): closing one here could cross a request the proxy
 *    is sending on it, which it may not retry;
 * 4. at `drainSeconds` whatever is still open (a long stream, an idle browser connection) is cut;
 * 5. the app closes (its onClose hooks: scans, progress streams); the caller closes the pool.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shutdown state of this app (http/shutdown.ts). */
    lifecycle: { draining: boolean };
  }
}

/** Decorates the app with its shutdown state; answers say `Connection: close` while draining. */
export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  // At sending, not on arrival: a request that came in before the drain began answers with it too.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface DrainOptions {
  /** Milliseconds health answers 503 before the listening socket closes. */
  delayMs: number;
  /** Milliseconds the open connections get to finish once the socket closed. */
  drainMs: number;
}

export interface DrainOutcome {
  /** Connections still open at the end of the drain time, cut. */
  cut: number;
  /** Milliseconds from the start of the shutdown to the app's close. */
  tookMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs steps 1–5 of the module comment; resolves once the app is closed. */
export async function drainAndClose(app: FastifyInstance, opts: DrainOptions): Promise<DrainOutcome> {
  const started = Date.now();
  app.lifecycle.draining = true;
  if (opts.delayMs > 0) await sleep(opts.delayMs);
  const server = app.server;
  // net.Server's close, not http.Server's: the latter also closes the idle kept-alive
  // connections at once (step 3 says why not). Its callback runs once every connection ended.
  const ended = new Promise<boolean>((resolve) => {
    net.Server.prototype.close.call(server, () => resolve(true));
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), opts.drainMs);
  });
  const drained = await Promise.race([ended, deadline]);
  clearTimeout(timer);
  let cut = 0;
  if (!drained) {
    cut = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n ?? 0)));
    app.log.warn({ connections: cut }, 'drain time over: cutting the connections still open');
    server.closeAllConnections();
  }
  await app.close();
  return { cut, tookMs: Date.now() - started };
}
