/**
 * Builds the Fastify application: error shape, OpenAPI, API routes and the web app's files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@sasayaki/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/connect.ts';
import { runForRequest } from './db/requestScope.ts';
import { HttpError, insufficientStorage, isDiskFull, RETRY_AFTER_SECONDS, unavailableFor } from './errors.ts';
import { refuseNulCharacters } from './inputText.ts';
import { requestLogView } from './logging.ts';
import { checkNumericParams } from './numericParams.ts';
import { registerRoutes } from './routes/index.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { Library } from './storage/library.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Fastify logger setting; tests pass false, or options (a stream) to read the lines. */
  logger?: false | Record<string, unknown>;
}

export const WEB_DIST = path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

export async function buildApp({ config, db, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false ? false : { level: config.logLevel, ...logger, serializers: { req: requestLogView } },
    // Forwarding headers are believed only from the configured proxies: anyone else could
    // rotate X-Forwarded-For to escape the rate limits.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Keywords travel in the path and may be long (the web app switches to POST past 500 chars).
    routerOptions: { maxParamLength: 2000 },
    // strictNumbers: NaN and Infinity (JSON 1e309) are not numbers.
    ajv: {
      customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false, strictNumbers: true },
    },
    // Errors raised before routing (malformed escapes, over-long parameters) keep our `{error}` shape.
    frameworkErrors: (err, _req, reply) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const hint = status === 414 ? ' (send long search keywords with POST /api/search/)' : '';
      return (reply as FastifyReply).code(status).send({ error: `${err.message}${hint}` });
    },
  });
  app.decorate('ctx', { config, db, library: new Library(config.libraryRoots), log: app.log });

  // Numbers in the query string and path go through one parser (numericParams.ts).
  app.addHook('preValidation', checkNumericParams);
  app.addHook('preValidation', refuseNulCharacters);
  // The handler and its queries run with a signal that aborts when the client goes away, so
  // PostgreSQL can cancel work nobody will read (db/pgPool.ts).
  app.addHook('preHandler', (req, reply, done) => {
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    runForRequest(gone.signal, done);
  });

  app.setErrorHandler(
    (err: Error & { statusCode?: number; validation?: unknown; code?: string }, req, reply) => {
      const known =
        err instanceof HttpError ? err : isDiskFull(err) ? insufficientStorage() : unavailableFor(err);
      if (known) {
        if (known.statusCode === 503) {
          req.log.warn({ err }, 'database unavailable');
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        }
        return reply.code(known.statusCode).send({
          error: known.message,
          ...(known.code ? { code: known.code } : {}),
          ...(known.details ? { details: known.details } : {}),
        });
      }
      if (err.validation) {
        return reply.code(400).send({ error: `Invalid request: ${err.message}`, details: err.validation });
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) req.log.error({ err }, 'request failed');
      return reply.code(status).send({ error: status === 500 ? 'Internal server error' : err.message });
    },
  );

  await registerSecurityHeaders(app);
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

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
      return reply.code(404).send({ error: `Not found: ${req.method} ${req.url.split('?')[0]}` });
    }
    // A web asset built after the server started (the static file list is read at start) is
    // served by name; a missing asset is a 404, never index.html (a module script would fail).
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/assets/')) {
      const name = path.basename(url);
      if (fs.existsSync(path.join(WEB_DIST, 'assets', name)))
        return reply.sendFile(`assets/${name}`, WEB_DIST);
      return reply.code(404).send({ error: `Not found: ${req.method} ${url}` });
    }
    // Client-side routes of the single-page app all load index.html.
    return reply.type('text/html; charset=utf-8').sendFile('index.html', WEB_DIST, { maxAge: 0 });
  });
  if (fs.existsSync(WEB_DIST)) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply: { header(k: string, v: string): unknown }, file: string) {
        // Hashed assets never change; index.html must always be fresh.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
