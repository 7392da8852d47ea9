/**
 * The console's libraries (administrators only): library roots, the folder browser, scans, their
 * live progress (Server-Sent Events) and their reports. docs/console.md.
 */
import { LIMITS, ROUTES, type ScanRun } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authorize } from '../access.ts';
import { listFolders } from '../services/folderBrowser.ts';
import { addRoot, listRoots, removeRoot, renameRoot } from '../services/libraryRoots.ts';
import { effectiveRoots } from '../storage/effectiveRoots.ts';
import { route } from './route.ts';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

export const librariesRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, library, signals } = app.ctx;
  /** Media of a root added or removed here is served (or refused) at once, here and on every instance. */
  const refreshLibrary = async () => {
    library.setRoots(await effectiveRoots(config, db));
    await signals.send(db, 'roots');
  };
  /** Open progress streams, ended when the server closes (they would keep it open). */
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  route(app, ROUTES.libraries.roots, async function libraryRoots(req) {
    authorize(req, 'admin');
    return { roots: await listRoots(config, db) };
  });

  route(app, ROUTES.libraries.addRoot, async function addLibraryRoot(req) {
    authorize(req, 'admin');
    const root = await addRoot(config, db, req.body.path, req.body.name);
    await refreshLibrary();
    req.log.info({ path: root.path }, 'library root added');
    return { root };
  });

  route(app, ROUTES.libraries.renameRoot, async function renameLibraryRoot(req) {
    authorize(req, 'admin');
    return { root: await renameRoot(config, db, req.body.id, req.body.name) };
  });

  route(app, ROUTES.libraries.removeRoot, async function removeLibraryRoot(req) {
    authorize(req, 'admin');
    await removeRoot(config, db, req.body.id);
    await refreshLibrary();
    req.log.info({ id: req.body.id }, 'library root removed');
    return { message: 'library root removed: its works leave the catalogue at the next scan' };
  });

  route(app, ROUTES.libraries.folders, async function browseFolders(req) {
    authorize(req, 'admin');
    return listFolders(req.query.path);
  });

  route(app, ROUTES.libraries.scans, async function scanOverview(req) {
    authorize(req, 'admin');
    return app.scans.overview();
  });

  route(app, ROUTES.libraries.startScan, async function startScan(req) {
    authorize(req, 'admin');
    return app.scans.start(req.body.full ? 'full' : 'quick', 'console');
  });

  route(app, ROUTES.libraries.scanEvents, async function scanEvents(req, reply) {
    authorize(req, 'admin');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx: pass each event on as it comes.
      'x-accel-buffering': 'no',
      ...(reply.getHeaders() as Record<string, string>),
    });
    const send = (run: ScanRun | null) =>
      res.write(run ? `event: scan\ndata: ${JSON.stringify(run)}\n\n` : 'event: idle\ndata: {}\n\n');
    send(app.scans.current());
    const unsubscribe = app.scans.subscribe(send);
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const end = () => {
      clearInterval(keepalive);
      unsubscribe();
      streams.delete(end);
      res.end();
    };
    streams.add(end);
    res.once('close', end);
    return reply;
  });

  route(app, ROUTES.libraries.report, async function scanReport(req) {
    authorize(req, 'admin');
    const { page = 1, pageSize = LIMITS.pageSizeDefault, q, kind } = req.query;
    return app.scans.report(req.params.id, { kind, text: q }, page, pageSize);
  });
};
