/**
 * Compressed JSON answers: a JSON body over 1 KB goes out as Brotli or gzip when the request's
 * Accept-Encoding allows it (Brotli preferred), with `Vary: Accept-Encoding` either way.
 *
 * A body the catalogue keeps (a finished list page, services/catalogue/workCache.ts) is the same Buffer on
 * every request: its compressed copies are remembered beside it, for as long as it lives, so a
 * warm page costs no compression. Streams (media, covers, the web app's files, which the build
 * compresses ahead: packages/web/build/precompress.ts) pass untouched, as does any answer that
 * already has a Content-Encoding.
 */
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keptBuffer } from '../keptBuffer.ts';

/** Bodies up to this size are not worth a compressed copy (headers alone are ~0.5 KB). */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Brotli quality 5 compresses a 54 KB works page to about the size gzip -9 reaches, in about
 * the time gzip -6 takes; higher qualities cost several times more for a few per cent. A 256 KiB
 * window (the default is 4 MiB) covers a page of 100 works and keeps each compression's native
 * buffers small, so they do not pile up in the process's resident memory.
 */
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP = { level: 6 };

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): `br`, else
 * `gzip` (or `x-gzip`), else none. An encoding listed with q=0 is refused, and so is every
 * encoding `*;q=0` does not list.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const wanted = (enc: Encoding) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (wanted('br')) return 'br';
  if (wanted('gzip')) return 'gzip';
  return null;
}

let made = 0;

/** How many bodies were compressed since the process started (for tests). */
export function compressions(): number {
  return made;
}

export function compress(body: Buffer | string, encoding: Encoding): Buffer {
  made++;
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body, GZIP);
}

/** Compressed copies of kept bodies, gone with their body. */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** The compressed copy of `body`, made once per Buffer and encoding. */
export function compressedCopy(body: Buffer, encoding: Encoding): Buffer {
  let known = copies.get(body);
  if (!known) {
    known = {};
    copies.set(body, known);
  }
  let copy = known[encoding];
  if (!copy) {
    copy = keptBuffer(compress(body, encoding));
    known[encoding] = copy;
  }
  return copy;
}

function isJson(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  const t = type.split(';', 1)[0]!.trim().toLowerCase();
  return t === 'application/json' || t.endsWith('+json');
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list)) return;
  reply.header('vary', list ? `${list}, Accept-Encoding` : 'Accept-Encoding');
}

/** The onSend step: the payload to send for this request (compressed, or as it was). */
export function compressJsonPayload(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!isJson(reply.getHeader('content-type')) || reply.hasHeader('content-encoding')) return payload;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size <= COMPRESS_MIN_BYTES || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  addVary(reply);
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return payload;
  const body = Buffer.isBuffer(payload) ? compressedCopy(payload, encoding) : compress(payload, encoding);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

/** Registers the compression of JSON answers for every route. */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    done(null, compressJsonPayload(req, reply, payload));
  });
}
