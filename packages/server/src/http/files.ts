/**
 * File answers: an opened file's HTTP answer with HEAD, single Range requests (206 / 416),
 * validators (ETag, Last-Modified, If-None-Match, If-Modified-Since, If-Range) and a streamed body
 * piped from the opened file, never buffered whole; or, behind a front proxy, an answer that lets
 * the proxy send the bytes. Its MIME type and Content-Disposition come from the file's name.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { fail, sendError } from '../errors.ts';
import { percentEncodeBytes } from '../storage/byteNames.ts';
import type { OpenedFile } from '../storage/root.ts';
import { sendFileBody } from './fileBody.ts';

const MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  wav: 'audio/wav',
  wma: 'audio/x-ms-wma',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
  lrc: 'text/plain',
  srt: 'text/plain',
  ass: 'text/plain',
  ssa: 'text/plain',
  vtt: 'text/vtt',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/plain',
  htm: 'text/plain',
};

/** MIME type of a file name; text types carry the charset detected at scan time. */
export function mimeOf(name: string, charset: string | null): string {
  const dot = name.lastIndexOf('.');
  const type = MIME[dot > 0 ? name.slice(dot + 1).toLowerCase() : ''] ?? 'application/octet-stream';
  if (!type.startsWith('text/') && type !== 'application/json') return type;
  const cs = (charset ?? 'utf-8').replace(/[^A-Za-z0-9_.:-]/g, '') || 'utf-8';
  return `${type}; charset=${cs}`;
}

/** `attachment|inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / 8187). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

type Range = { start: number; end: number } | 'unsatisfiable' | null;
/**
 * One `bytes=` range of a file of `size` bytes. Null means "send the whole file": no header, a
 * syntax this server does not serve (several ranges), or garbage (RFC 9110 says ignore it).
 */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (b !== '' && Number(b) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** If-None-Match / If-Range against an ETag, by weak comparison (RFC 9110 §8.8.3.2). */
export const weakMatch = (header: string, etag: string) =>
  header
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag.replace(/^W\//, ''));

export interface SendOptions {
  disposition: 'attachment' | 'inline';
  /** MIME type override (transcodes, covers); else from the name and charset. */
  contentType?: string;
  /** Default `private, max-age=86400`: media may sit behind a login. */
  cacheControl?: string;
  /** A strong ETag the caller knows names these exact bytes; else a weak one from size and mtime. */
  etag?: string;
}

/**
 * Answers a GET or HEAD for an opened file with ranges and validators. Takes ownership of the
 * file handle: it is closed when the answer is complete (or abandoned).
 */
export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  opened: OpenedFile,
  meta: { name: string; charset: string | null; contentType?: string | null },
  opts: SendOptions,
): Promise<FastifyReply> {
  const { handle, stat } = opened;
  let streaming = false;
  try {
    const size = stat.size;
    const mtime = Math.trunc(stat.mtimeMs);
    const etag = opts.etag ?? `W/"${size.toString(16)}-${mtime.toString(16)}"`;
    const lastModified = new Date(mtime).toUTCString();
    reply.header('accept-ranges', 'bytes');
    reply.header('etag', etag);
    reply.header('last-modified', lastModified);
    describe(reply, meta, opts);

    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    if (inm ? weakMatch(inm, etag) : ims && Date.parse(ims) >= Math.floor(mtime / 1000) * 1000) {
      return reply.code(304).send();
    }

    let range = parseRange(req.headers.range, size);
    const ifRange = String(req.headers['if-range'] ?? '');
    if (range && ifRange) {
      const fresh =
        ifRange.startsWith('"') || ifRange.startsWith('W/')
          ? weakMatch(ifRange, etag)
          : ifRange === lastModified;
      if (!fresh) range = null;
    }
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      reply.header('content-type', 'application/json; charset=utf-8');
      return sendError(reply, fail('RANGE_NOT_SATISFIABLE', { size }));
    }
    const start = range ? range.start : 0;
    const end = range ? range.end : size - 1;
    if (range) {
      reply.code(206);
      reply.header('content-range', `bytes ${start}-${end}/${size}`);
    }
    reply.header('content-length', String(end - start + 1));
    if (req.method === 'HEAD' || size === 0) return reply.send();
    streaming = true;
    return pipeBody(req, reply, opened, start, end);
  } finally {
    if (!streaming) await handle.close();
  }
}

/** The headers that describe a file, whoever sends its bytes. */
function describe(
  reply: FastifyReply,
  meta: { name: string; charset: string | null; contentType?: string | null },
  opts: SendOptions,
) {
  reply.header('cache-control', opts.cacheControl ?? 'private, max-age=86400');
  reply.header('content-type', opts.contentType ?? meta.contentType ?? mimeOf(meta.name, meta.charset));
  reply.header('content-disposition', contentDisposition(opts.disposition, meta.name));
}

/**
 * The body goes from the opened file straight into the socket, as a plain static file server
 * does, through buffers the process reuses (fileBody.ts); Fastify's reply pipeline is left out.
 * A file that ends early (truncated while it is sent) cannot fill the promised Content-Length:
 * the connection is closed, so the client sees the failure at once instead of waiting for bytes
 * that never come.
 */
function pipeBody(
  req: FastifyRequest,
  reply: FastifyReply,
  opened: OpenedFile,
  start: number,
  end: number,
): FastifyReply {
  const res = reply.raw;
  reply.hijack();
  res.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
  sendFileBody(res, opened.handle, start, end, {
    onReadError: (err) => req.log.warn({ err, file: opened.abs }, 'media read failed mid-stream'),
    onShort: (sent) => req.log.warn({ file: opened.abs, sent }, 'media file shorter than announced'),
  });
  return reply;
}

/** What the front proxy needs to find a library file: its root's index and the path in it. */
export interface ProxiedFile {
  name: string;
  charset: string | null;
  contentType?: string | null;
  rootIndex: number;
  /** Path relative to the root. */
  rel: string;
}

/**
 * Hands a library file to the front proxy (config `accel`): the answer carries the describing
 * headers and no body; nginx (X-Accel-Redirect to its internal location) or Apache/lighttpd
 * (X-Sendfile) sends the bytes with Range, HEAD and validators of its own.
 */
export function sendThroughProxy(
  reply: FastifyReply,
  config: Config,
  file: ProxiedFile,
  opened: OpenedFile,
  opts: SendOptions,
): FastifyReply {
  describe(reply, file, opts);
  // Percent-encoded: both servers decode it, and a header cannot carry raw UTF-8.
  const encoded = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  // A name that is not valid UTF-8 goes as its bytes (the catalogue's text has U+FFFD there).
  const rel = opened.rawRel ? percentEncodeBytes(opened.rawRel) : encoded(file.rel);
  if (config.accel === 'nginx') {
    reply.header('x-accel-redirect', `${config.accelPrefix}/${file.rootIndex}/${rel}`);
  } else if (opened.rawAbs) {
    reply.header('x-sendfile', percentEncodeBytes(opened.rawAbs));
  } else {
    reply.header('x-sendfile', encoded(opened.abs));
  }
  return reply.code(200).send();
}
