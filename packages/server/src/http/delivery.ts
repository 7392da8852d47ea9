/**
 * How a catalogued file reaches a client, for every API that sends one (/api/media, /rest):
 * the original bytes (from this process, or through the front proxy when `SASAYAKI_ACCEL` is
 * set), or its low-quality transcode (infra/media/transcode.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, insufficientStorage, isDiskFull } from '../errors.ts';
import { LOW_QUALITY, lowQualityFile } from '../infra/media/transcode.ts';
import { type MediaFile, openMediaFile } from '../services/media.ts';
import { sendFile, sendThroughProxy } from './files.ts';

/** The file's own bytes, with ranges and validators. */
export async function deliverOriginal(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  file: MediaFile,
  disposition: 'inline' | 'attachment',
): Promise<FastifyReply> {
  const opened = await openMediaFile(file);
  if (ctx.config.accel === 'off') return sendFile(req, reply, opened, file, { disposition });
  await opened.handle.close();
  return sendThroughProxy(reply, ctx.config, file, opened, { disposition });
}

/** The low-quality transcode of an audio file, made on first request and cached on disk. */
export async function deliverLowQuality(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  file: MediaFile,
): Promise<FastifyReply> {
  if (file.type !== 'audio') throw fail('LOW_QUALITY_AUDIO_ONLY');
  const source = await openMediaFile(file);
  const out = await lowQualityFile(ctx, file, source)
    .catch((err: Error) => {
      if (isDiskFull(err)) throw insufficientStorage();
      req.log.warn({ err, fileId: file.id }, 'low-quality transcode failed');
      throw fail('TRANSCODE_FAILED');
    })
    .finally(() => source.handle.close());
  const name = `${file.name.replace(/\.[^.]*$/, '')}.${LOW_QUALITY.extension}`;
  return sendFile(
    req,
    reply,
    out,
    { name, charset: null },
    { disposition: 'inline', contentType: LOW_QUALITY.contentType },
  );
}
