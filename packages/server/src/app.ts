/**
 * Builds the Fastify application: error shape, OpenAPI, API routes and the web app's files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@sasayaki/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/connect.ts';
import { newRequestScope, type RequestScope, runForRequest } from './db/requestScope.ts';
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
import { refuseNulCharacters } from './inputText.ts';
import { requestLogView } from './logging.ts';
import { checkNumericParams } from './numericParams.ts';
import { registerRoutes } from './routes/index.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { Library } from './storage/library.ts';
import { registerWebFiles } from './webFiles.ts';

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
  /** The built web app's folder; default packages/web/dist. */
  webDist?: string;
}

export const WEB_DIST = path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

export async function buildApp({ config, db, logger, webDist }: BuildOptions): Promise<FastifyInstance> {
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
      const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : 'BAD_REQUEST';
      return sendError(reply as FastifyReply, fail(code, { reason: err.message }));
    },
  });
  app.decorate('ctx', { config, db, library: new Library(config.libraryRoots), log: app.log });

  // Numbers in the query string and path go through one parser (numericParams.ts).
  app.addHook('preValidation', checkNumericParams);
  app.addHook('preValidation', refuseNulCharacters);
  // Everything a request does runs in its scope (db/requestScope.ts): its age, so the database
  // serves the oldest request first, and a signal that aborts when the client goes away, so work
  // nobody will read is dropped. Set on arrival, before the sign-in check's query, and entered
  // again for the handler: body parsing runs in the socket's async context, not the request's.
  const scopes = new WeakMap<object, RequestScope>();
  app.addHook('onRequest', (req, reply, done) => {
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const requestScope = newRequestScope(gone.signal);
    scopes.set(req, requestScope);
    runForRequest(requestScope, done);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const requestScope = scopes.get(req);
    if (requestScope) runForRequest(requestScope, done);
    else done();
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
        return sendError(reply, known);
      }
      if (err.validation) {
        return sendError(reply, fail('INVALID_REQUEST', { reason: err.message }).withDetails(err.validation));
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) {
        req.log.error({ err }, 'request failed');
        return sendError(reply, fail('INTERNAL'));
      }
      return sendError(reply, clientError(status, err.message));
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

  await registerWebFiles(app, webDist ?? WEB_DIST);
  return app;
}
