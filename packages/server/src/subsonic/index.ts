/**
 * The OpenSubsonic API at /rest/<method> and /rest/<method>.view (README.md beside this file):
 * GET, HEAD and form POST, answered in XML, JSON or JSONP. Each call is signed in (auth.ts),
 * handed to its method, and any failure becomes a Subsonic error in the envelope the client
 * reads: the catalogue's HTTP errors keep their message under the nearest Subsonic code.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../auth/principal.ts';
import { HttpError, unavailableFor } from '../errors.ts';
import { baseOf } from '../http/request.ts';
import { ffmpegAvailable } from '../infra/media/transcode.ts';
import { keptBuffer } from '../keptBuffer.ts';
import { workCacheOf } from '../services/catalogue/workCache.ts';
import { ENTITY_LIST_SCOPES } from '../services/entities.ts';
import { closedRefusal, MAINTENANCE_RETRY_AFTER_SECONDS } from '../services/maintenance.ts';
import { SubsonicAuth } from './auth.ts';
import type { Call, Method } from './call.ts';
import { encodeOk, type Format, formatOf, sendEncoded, sendFailure, sendOk } from './envelope.ts';
import { tagLangOf } from './mapping.ts';
import { annotationMethods } from './methods/annotation.ts';
import { browseMethods } from './methods/browse.ts';
import { infoMethods } from './methods/info.ts';
import { listMethods } from './methods/lists.ts';
import { lyricsMethods } from './methods/lyrics.ts';
import { mediaMethods } from './methods/media.ts';
import { playlistMethods } from './methods/playlists.ts';
import { playQueueMethods } from './methods/playQueue.ts';
import { systemMethods } from './methods/system.ts';
import { Params, parseForm } from './params.ts';
import { ERROR, SubsonicError } from './protocol.ts';

export const METHODS: Record<string, Method> = {
  ...systemMethods,
  ...browseMethods,
  ...listMethods,
  ...mediaMethods,
  ...lyricsMethods,
  ...annotationMethods,
  ...playlistMethods,
  ...playQueueMethods,
  ...infoMethods,
};

/** Methods answered without checking the credentials sent with them. */
const PUBLIC_METHODS = new Set(['getOpenSubsonicExtensions']);

/**
 * Answers alike for every viewer and every parameter but the format: kept encoded, until a change
 * of what they read (services/catalogue/workCache.ts scopes). What every player asks at start.
 */
const KEPT_METHODS: Record<string, readonly string[]> = {
  getArtists: ENTITY_LIST_SCOPES.circles,
  getIndexes: ENTITY_LIST_SCOPES.circles,
};

/** A failure of the catalogue's services in Subsonic's terms. */
export function subsonicErrorOf(err: unknown): SubsonicError | null {
  if (err instanceof SubsonicError) return err;
  const known = err instanceof HttpError ? err : unavailableFor(err);
  if (!known) return null;
  const status = known.statusCode;
  const code =
    status === 404
      ? ERROR.NOT_FOUND
      : status === 401 || status === 403
        ? ERROR.NOT_AUTHORIZED
        : ERROR.GENERIC;
  return new SubsonicError(code, known.message);
}

export async function subsonicRoutes(app: FastifyInstance): Promise<void> {
  const lowQuality = await ffmpegAvailable(app.ctx.config);
  const auth = new SubsonicAuth(app.ctx);

  // formPost: the same parameters as a form body. Scoped to this plugin: /api takes JSON only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, parseForm(body as string)),
  );
  allowAnyOrigin(app);

  // Errors raised before the handler (a NUL character, a malformed body) keep the envelope too.
  app.setErrorHandler((err, req, reply) => {
    const { format, callback } = formatOfRequest(req);
    const known = subsonicErrorOf(err) ?? new SubsonicError(ERROR.GENERIC, (err as Error).message);
    return fail(req, reply, known, format, callback);
  });

  app.route({
    // HEAD is our own (stream answers it with the file's length), not Fastify's empty copy of GET.
    method: ['GET', 'HEAD', 'POST'],
    url: '/rest/:method',
    schema: { hide: true },
    handler: subsonicCallHandler(app, auth, lowQuality),
  });
}

/**
 * Web players are served from their own origins; every credential travels in the parameters,
 * never in cookies, so any origin may call. Set on arrival: files are piped past onSend.
 */
function allowAnyOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.options('/rest/:method', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, HEAD, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );
}

function formatOfRequest(req: FastifyRequest) {
  const params = new Params(req.query, req.body);
  return { format: formatOf(params.str('f')), callback: params.str('callback') };
}

/** Answers a failure in the envelope the client asked for; one not known is logged first. */
function fail(req: FastifyRequest, reply: FastifyReply, err: unknown, format: Format, callback?: string) {
  const known = subsonicErrorOf(err);
  if (!known) req.log.error({ err }, 'subsonic call failed');
  if (reply.sent || reply.raw.headersSent) return reply;
  return sendFailure(
    reply,
    format,
    known ?? new SubsonicError(ERROR.GENERIC, 'Internal server error'),
    callback,
  );
}

/** The handler of /rest/<method>: signs the caller in, runs the method and answers. */
function subsonicCallHandler(app: FastifyInstance, auth: SubsonicAuth, lowQuality: boolean) {
  return async function subsonicCall(req: FastifyRequest, reply: FastifyReply) {
    const params = new Params(req.query, req.body);
    const format = formatOf(params.str('f'));
    const callback = params.str('callback');
    const name = (req.params as { method: string }).method.replace(/\.view$/, '');
    try {
      const method = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
      if (!method) throw new SubsonicError(ERROR.NOT_FOUND, `Unknown method: ${name.slice(0, 60)}`);
      const call: Call = {
        ctx: app.ctx,
        req,
        reply,
        params,
        // OpenSubsonic: the extensions list needs no sign-in (players read it before they have one).
        viewer: PUBLIC_METHODS.has(name) ? ANONYMOUS : await auth.principalOf(req, params),
        baseUrl: baseOf(req),
        lang: tagLangOf(req.headers['accept-language']),
        lowQuality,
      };
      const closed = PUBLIC_METHODS.has(name) ? null : closedRefusal(app.ctx, call.viewer, '/rest');
      if (closed) {
        reply.code(503).header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
        throw new SubsonicError(ERROR.GENERIC, closed.message);
      }
      const scopes = Object.hasOwn(KEPT_METHODS, name) ? KEPT_METHODS[name] : undefined;
      if (scopes) return await answerKept(call, method, { name, format, callback, scopes });
      const answer = await method(call);
      // Media methods answer themselves (a file, possibly piped straight into the socket).
      if ((answer as unknown) === reply || reply.sent || reply.raw.headersSent) return reply;
      return sendOk(reply, format, answer as Record<string, unknown>, callback);
    } catch (err) {
      return fail(req, reply, err, format, callback);
    }
  };
}

/** A method of KEPT_METHODS: its answer, encoded, kept per format and callback until its scopes change. */
async function answerKept(
  call: Call,
  method: Method,
  ask: { name: string; format: Format; callback: string | undefined; scopes: readonly string[] },
) {
  const { format, callback } = ask;
  const kept = await workCacheOf(call.ctx.db).cached(
    `subsonic:${ask.name}:${format}:${callback ?? ''}`,
    ask.scopes,
    async () => {
      const { type, text } = encodeOk(format, (await method(call)) as Record<string, unknown>, callback);
      return { type, body: keptBuffer(Buffer.from(text)) };
    },
    (v) => v.body.length + 200,
  );
  return sendEncoded(call.reply, kept.type, kept.body);
}
