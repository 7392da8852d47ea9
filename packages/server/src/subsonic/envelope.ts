/**
 * The answer envelope, `subsonic-response`, in the dialect the client asked for with `f`:
 * xml (the default), json, or jsonp with `callback`. Failures are answers too: HTTP 200 with
 * `status="failed"` and the error's code, which is what Subsonic clients read.
 */
import type { FastifyReply } from 'fastify';
import { PROTOCOL_VERSION, SERVER_TYPE, SERVER_VERSION, type SubsonicError } from './protocol.ts';
import { toXml } from './xml.ts';

export type Format = 'xml' | 'json' | 'jsonp';

export function formatOf(f: string | undefined): Format {
  return f === 'json' ? 'json' : f === 'jsonp' ? 'jsonp' : 'xml';
}

const head = (status: 'ok' | 'failed') => ({
  status,
  version: PROTOCOL_VERSION,
  type: SERVER_TYPE,
  serverVersion: SERVER_VERSION,
  openSubsonic: true,
});

/** jsonp callbacks are names, never script. */
const CALLBACK = /^[A-Za-z_$][\w$.]{0,99}$/;

export function send(
  reply: FastifyReply,
  format: Format,
  body: Record<string, unknown>,
  callback?: string,
): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (format === 'xml') {
    return reply
      .type('text/xml; charset=utf-8')
      .send(toXml('subsonic-response', body, 'http://subsonic.org/restapi'));
  }
  const json = JSON.stringify({ 'subsonic-response': body });
  if (format === 'jsonp' && callback && CALLBACK.test(callback)) {
    return reply.type('application/javascript; charset=utf-8').send(`${callback}(${json});`);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

export function sendOk(
  reply: FastifyReply,
  format: Format,
  payload: Record<string, unknown>,
  callback?: string,
): FastifyReply {
  return send(reply, format, { ...head('ok'), ...payload }, callback);
}

export function sendFailure(
  reply: FastifyReply,
  format: Format,
  err: SubsonicError,
  callback?: string,
): FastifyReply {
  return send(
    reply,
    format,
    { ...head('failed'), error: { code: err.code, message: err.message } },
    callback,
  );
}
