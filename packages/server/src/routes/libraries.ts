/**
 * The console's libraries (administrators only): library roots, the folder browser, scans, their
 * live progress (Server-Sent Events) and their reports. docs/console.md. The services ask for
 * `admin` and record each change in the audit log.
 */
import { LIMITS, ROUTES, type ScanRun } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { listFolders } from '../services/folderBrowser.ts';
import { addRoot, removeRoot, renameRoot, rootsFor } from '../services/libraryRoots.ts';
import { followScans, scanOverview, scanReport, startScan } from '../services/scans/console.ts';
import { setRootSchedule } from '../services/scans/schedule.ts';
import { route } from './route.ts';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

export const librariesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  /** Open progress streams, ended when the server closes (they would keep it open). */
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  route(app, ROUTES.libraries.roots, async function libraryRoots(req) {
    return rootsFor(app.ctx, req.principal, app.scheduler?.startedAt);
  });

  route(app, ROUTES.libraries.setSchedule, async function libraryScanSchedule(req) {
    await setRootSchedule(app.ctx, req.principal, req.body.id, req.body.schedule);
    const { roots } = await rootsFor(app.ctx, req.principal, app.scheduler?.startedAt);
    return { root: roots.find((r) => r.id === req.body.id)! };
  });

  route(app, ROUTES.libraries.addRoot, async function addLibraryRoot(req) {
    return { root: await addRoot(app.ctx, req.principal, req.body.path, req.body.name) };
  });

  route(app, ROUTES.libraries.renameRoot, async function renameLibraryRoot(req) {
    return { root: await renameRoot(app.ctx, req.principal, req.body.id, req.body.name) };
  });

  route(app, ROUTES.libraries.removeRoot, async function removeLibraryRoot(req) {
    await removeRoot(app.ctx, req.principal, req.body.id);
    return { message: 'library root removed: its works leave the catalogue at the next scan' };
  });

  route(app, ROUTES.libraries.folders, async function browseFolders(req) {
    return listFolders(app.ctx.config, req.principal, req.query.path);
  });

  route(app, ROUTES.libraries.scans, async function scanList(req) {
    return scanOverview(app.scans, req.principal);
  });

  route(app, ROUTES.libraries.startScan, async function startLibraryScan(req) {
    return startScan(db, app.scans, req.principal, !!req.body.full);
  });

  route(app, ROUTES.libraries.scanEvents, async function scanEvents(req, reply) {
    const res = reply.raw;
    const send = (run: ScanRun | null) =>
      res.write(run ? `event: scan\ndata: ${JSON.stringify(run)}\n\n` : 'event: idle\ndata: {}\n\n');
    const { current, unsubscribe } = followScans(app.scans, req.principal, send);
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx: pass each event on as it comes.
      'x-accel-buffering': 'no',
      ...(reply.getHeaders() as Record<string, string>),
    });
    send(current);
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

  route(app, ROUTES.libraries.report, async function scanReportPage(req) {
    const { page = 1, pageSize = LIMITS.pageSizeDefault, q, kind } = req.query;
    return scanReport(app.scans, req.principal, req.params.id, { kind, text: q }, page, pageSize);
  });
};
