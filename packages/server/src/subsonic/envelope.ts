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

/** The envelope's text in the client's format, and its content type. */
export function encodeAnswer(
  format: Format,
  body: Record<string, unknown>,
  callback?: string,
): { type: string; text: string } {
  if (format === 'xml') {
    return {
      type: 'text/xml; charset=utf-8',
      text: toXml('subsonic-response', body, 'http://subsonic.org/restapi'),
    };
  }
  const json = JSON.stringify({ 'subsonic-response': body });
  if (format === 'jsonp' && callback && CALLBACK.test(callback)) {
    return { type: 'application/javascript; charset=utf-8', text: `${callback}(${json});` };
  }
  return { type: 'application/json; charset=utf-8', text: json };
}

export function send(
  reply: FastifyReply,
  format: Format,
  body: Record<string, unknown>,
  callback?: string,
): FastifyReply {
  const { type, text } = encodeAnswer(format, body, callback);
  return sendEncoded(reply, type, text);
}

/** Sends an encoded answer (a kept one is a Buffer, sent as is). */
export function sendEncoded(reply: FastifyReply, type: string, body: string | Buffer): FastifyReply {
  return reply.header('cache-control', 'no-store').type(type).send(body);
}

/** The successful envelope of `payload`, encoded (for answers kept between requests). */
export function encodeOk(format: Format, payload: Record<string, unknown>, callback?: string) {
  return encodeAnswer(format, { ...head('ok'), ...payload }, callback);
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
