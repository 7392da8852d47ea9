/**
 * Prometheus metrics (prom-client), one registry per app: requests by route and status with
 * latency histograms, scans, the catalogue cache, the database pool, running transcodes and the
 * process's own figures. Served by routes/metrics.ts, which decides who may read them.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect.ts';
import { transcodesRunning } from '../infra/media/transcode.ts';
import { onScanFinished } from '../scanner/index.ts';
import { workCacheOf } from '../services/catalogue/workCache.ts';
import { isWarmUpRequest } from '../warmUp.ts';

/** Latency buckets in seconds: from a cached page (~1 ms) to a slow archive or scan answer. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SCAN_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export function registerMetrics(app: FastifyInstance, db: Db): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'sasayaki_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'sasayaki_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    // The server's own start-up warm-up is not traffic.
    if (isWarmUpRequest(req)) return done();
    // The route's pattern (`/api/work/:id`), never the raw URL: ids would make a label per work.
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  registerScanMetrics(app, db, registry);

  new Counter({
    name: 'sasayaki_work_cache_lookups_total',
    help: 'Catalogue cache lookups by kind (work JSON, query result, finished page) and result.',
    labelNames: ['kind', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, n] of Object.entries(workCacheOf(db).lookups)) {
        this.inc({ kind, result: 'hit' }, n.hit);
        this.inc({ kind, result: 'miss' }, n.miss);
      }
    },
  });
  if (db.poolStats) {
    const stats = db.poolStats;
    new Gauge({
      name: 'sasayaki_db_pool_connections',
      help: 'PostgreSQL pool: connections open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  new Gauge({
    name: 'sasayaki_transcodes_running',
    help: 'ffmpeg transcodes running now.',
    registers: [registry],
    collect() {
      this.set(transcodesRunning());
    },
  });
  return registry;
}

/** What the library scans report: scans, their duration, and the works, files and problems of the last one. */
function registerScanMetrics(app: FastifyInstance, db: Db, registry: Registry): void {
  const scans = new Counter({
    name: 'sasayaki_scans_total',
    help: 'Library scans finished.',
    registers: [registry],
  });
  const scanSeconds = new Histogram({
    name: 'sasayaki_scan_duration_seconds',
    help: 'How long library scans took.',
    buckets: SCAN_BUCKETS,
    registers: [registry],
  });
  const scanWorks = new Gauge({
    name: 'sasayaki_scan_works',
    help: 'Works of the last scan, by outcome (added, updated, removed, unchanged).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const scanFiles = new Gauge({
    name: 'sasayaki_scan_files',
    help: 'Files in the library after the last scan.',
    registers: [registry],
  });
  const scanProblems = new Gauge({
    name: 'sasayaki_scan_skipped',
    help: 'Folders or files the last scan skipped, by reason (duplicate, error).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const stopListening = onScanFinished((scanned, s) => {
    if (scanned !== db) return;
    scans.inc();
    scanSeconds.observe(s.ms / 1000);
    scanWorks.set({ outcome: 'added' }, s.worksAdded);
    scanWorks.set({ outcome: 'updated' }, s.worksUpdated);
    scanWorks.set({ outcome: 'removed' }, s.worksRemoved);
    scanWorks.set({ outcome: 'unchanged' }, s.worksUnchanged);
    scanFiles.set(s.files);
    scanProblems.set({ reason: 'duplicate' }, s.duplicates.length);
    scanProblems.set({ reason: 'error' }, s.errors.length);
  });
  app.addHook('onClose', (_app, done) => {
    stopListening();
    done();
  });
}
