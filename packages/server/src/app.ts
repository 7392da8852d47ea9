/**
 * Builds the Fastify application: error shape, OpenAPI, API routes and the web app's files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@sasayaki/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/connect.ts';
import {
  clientError,
  fail,
  HttpError,
  insufficientStorage,
  isDiskFull,
  RETRY_AFTER_SECONDS,
  sendError,
  unavailableFor,
} from './errors.ts';
import { registerCompression } from './http/compression.ts';
import { fieldError } from './http/fieldErrors.ts';
import { checkNumericParams, refuseNulCharacters } from './http/hooks.ts';
import { splitCommaLists } from './http/listOptions.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerRequestScopes } from './http/requestScopes.ts';
import { sharedSerializers } from './http/serializers.ts';
import { registerLifecycle } from './http/shutdown.ts';
import { ScanLeader } from './infra/cluster/leader.ts';
import { InstanceSignals } from './infra/cluster/signals.ts';
import { RecentErrors } from './infra/recentErrors.ts';
import { redactUrl, requestLogView } from './logging.ts';
import { warnOnceAboutUntrustedProxy } from './proxyWarning.ts';
import { registerRoutes } from './routes/index.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { BackupScheduler } from './services/backups.ts';
import { workCacheOf } from './services/catalogue/workCache.ts';
import { Scans } from './services/scans/runner.ts';
import { ScanScheduler } from './services/scans/schedule.ts';
import { SiteSettings } from './siteSettings.ts';
import { effectiveRoots } from './storage/effectiveRoots.ts';
import { Library } from './storage/library.ts';
import { isWarmUpRequest } from './warmUp.ts';
import { registerWebFiles } from './webFiles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Library scans: the one running, its progress stream, the reports (services/scans/runner.ts). */
    scans: Scans;
    /** The scan schedules' clock (services/scans/schedule.ts); started by `sasayaki serve`. */
    scheduler: ScanScheduler;
    /** The backup schedule's clock (services/backups.ts); started by `sasayaki serve`. */
    backupScheduler: BackupScheduler;
    /** Whether this instance runs the background rescans (infra/cluster/leader.ts). */
    leader: ScanLeader;
    /** The Prometheus registry of this app (http/metrics.ts). */
    metrics: Registry;
  }
}

const REQUEST_FAILED = 'request failed';

/** The validator: coercion as the contract's schemas expect it; NaN and Infinity (JSON 1e309) are not numbers. */
const AJV_OPTIONS = {
  coerceTypes: 'array',
  removeAdditional: false,
  allErrors: false,
  strictNumbers: true,
  // Flags are boolean or string (contract Flag): a union the validator coerces by.
  allowUnionTypes: true,
} as const;

/**
 * A pino hook that keeps error-level log lines (a failed background scan, a lost connection) for
 * the console. Failed requests are kept by the error handler, with their URL.
 */
function keepLoggedErrors(errors: RecentErrors) {
  return function logMethod(
    this: unknown,
    args: unknown[],
    method: (...a: unknown[]) => void,
    level: number,
  ) {
    if (level >= 50) {
      const [first, second] = args;
      const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
      const err = (first as { err?: Error } | null)?.err;
      if (msg !== REQUEST_FAILED) {
        errors.add({
          status: null,
          method: '',
          url: '',
          message: [msg, err?.message].filter(Boolean).join(': '),
        });
      }
    }
    method.apply(this, args);
  };
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Fastify logger setting; tests pass false, or options (a stream) to read the lines. */
  logger?: false | Record<string, unknown>;
  /** The built web app's folder; default packages/web/dist. */
  webDist?: string;
}

export const WEB_DIST = path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

export async function buildApp({ config, db, logger, webDist }: BuildOptions): Promise<FastifyInstance> {
  const signals = new InstanceSignals(db);
  const settings = new SiteSettings(db, config, signals);
  const recentErrors = new RecentErrors();
  await settings.refresh();
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...logger,
            serializers: { req: requestLogView },
            hooks: { logMethod: keepLoggedErrors(recentErrors) },
          },
    // The server's own start-up warm-up (warmUp.ts) is not traffic worth a log line.
    logController: new LogController({ disableRequestLogging: isWarmUpRequest }),
    // Forwarding headers are believed only from the trusted proxies of the site settings, read
    // per request (the setting changes while the server runs): anyone else could rotate
    // X-Forwarded-For to escape the rate limits.
    trustProxy: (address: string, hop: number) => settings.trusts(address, hop),
    // Keywords travel in the path and may be long (the web app switches to POST past 500 chars).
    routerOptions: { maxParamLength: 2000 },
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers } },
    // Errors raised before routing (malformed escapes, over-long parameters) keep our `{error}` shape.
    frameworkErrors: (err, _req, reply) => {
      const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : 'BAD_REQUEST';
      return sendError(reply as FastifyReply, fail(code, { reason: err.message }));
    },
  });
  const library = new Library();
  library.setRoots(await effectiveRoots(config, db));
  app.decorate('ctx', { config, db, library, log: app.log, settings, recentErrors, signals });
  app.decorate('scans', new Scans(app.ctx));
  app.decorate('leader', new ScanLeader(db, config.leaderCheckMs, app.log));
  followOtherInstances(app.ctx);
  await signals.start(app.log);
  // Only an instance that rescans in the background competes for the leadership.
  if (config.watchLibrary && config.rescanIntervalMinutes > 0) await app.leader.start();
  app.decorate(
    'scheduler',
    new ScanScheduler(
      app.ctx,
      () => app.leader.isLeader,
      (rootIds) => app.scans.run('quick', 'schedule', rootIds ?? undefined),
    ),
  );
  // SQLite has one instance; on PostgreSQL the scan leader takes the scheduled backups too.
  app.decorate(
    'backupScheduler',
    new BackupScheduler(app.ctx, () => db.dialect === 'sqlite' || app.leader.isLeader),
  );
  app.addHook('onClose', async () => {
    app.scheduler.stop();
    app.backupScheduler.stop();
    await app.scans.close();
    await app.leader.stop();
    await signals.close();
  });
  // Draining before a shutdown: health says 503, answers close their connection (http/shutdown.ts).
  registerLifecycle(app);
  // First of all: the site settings as they are now (a no-op while the cache is fresh). An
  // unreachable database leaves the last values in force for the routes that need none.
  app.addHook('onRequest', async (req) => {
    await settings.refresh().catch((err) => req.log.warn({ err }, 'site settings not reloaded'));
  });
  const metrics = registerMetrics(app, db);
  app.decorate('metrics', metrics);

  warnOnceAboutUntrustedProxy(app, config.trustProxy);
  // Numbers in the query string and path go through one parser (http/hooks.ts).
  app.addHook('preValidation', splitCommaLists);
  app.addHook('preValidation', checkNumericParams);
  app.addHook('preValidation', refuseNulCharacters);
  registerRequestScopes(app);

  app.setErrorHandler(answerError);

  await registerSecurityHeaders(app);
  registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sasayaki API',
        version: APP_VERSION,
        description: 'Catalogue, search, media, accounts and community API of Sasayaki.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await registerRoutes(app);

  await registerWebFiles(app, webDist ?? WEB_DIST);
  return app;
}

/**
 * What another instance changed, applied here as it is heard (infra/cluster/signals.ts): a
 * catalogue change is read now (the cached works and pages it touches are dropped), a change of library roots
 * rereads them (files of a root added there are served here), and a reconnect rereads both.
 */
function followOtherInstances(ctx: AppContext): void {
  const { config, db, library, signals, log } = ctx;
  const rereadRoots = () =>
    effectiveRoots(config, db).then(
      (roots) => library.setRoots(roots),
      (err) => log.warn({ err }, 'library roots not reread'),
    );
  signals.on((kind, data) => {
    if (kind === 'catalogue') workCacheOf(db).noteGeneration(Number(data));
    if (kind === 'roots' || kind === 'resync') void rereadRoots();
  });
}

type RequestError = Error & {
  statusCode?: number;
  validation?: { instancePath: string; keyword: string; params?: object }[];
  validationContext?: string;
  code?: string;
};

/**
 * Every failure as an answer of the error catalogue: our own refusals, a full disk, an
 * unreachable database (503 with Retry-After), validation (with the fields' own codes where they
 * have one), Fastify's 4xx, and anything else as a logged 500.
 */
function answerError(err: RequestError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known =
    err instanceof HttpError ? err : isDiskFull(err) ? insufficientStorage() : unavailableFor(err);
  if (known) {
    if (known.statusCode >= 500) {
      req.server.ctx.recentErrors.add({
        status: known.statusCode,
        method: req.method,
        url: redactUrl(req.url),
        message: known.message,
      });
    }
    if (known.statusCode === 503) {
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    return sendError(reply, known);
  }
  if (err.validation) {
    const coded = fieldError(req, err.validationContext, err.validation[0]);
    if (coded) return sendError(reply, coded.withDetails(err.validation));
    return sendError(reply, fail('INVALID_REQUEST', { reason: err.message }).withDetails(err.validation));
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) {
    req.server.ctx.recentErrors.add({
      status,
      method: req.method,
      url: redactUrl(req.url),
      message: err.message,
    });
    req.log.error({ err }, REQUEST_FAILED);
    return sendError(reply, fail('INTERNAL'));
  }
  return sendError(reply, clientError(status, err.message));
}
