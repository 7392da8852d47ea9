/**
 * stream, download and getCoverArt: the bytes of the catalogue's files through the same delivery
 * as /api/media (services/delivery.ts: Range, HEAD, validators, the front proxy) and the cover
 * cache (services/covers.ts).
 */
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { paths } from '../../config.ts';
import { deliverLowQuality, deliverOriginal } from '../../http/delivery.ts';
import { sendFile } from '../../http/files.ts';
import { coverFile } from '../../services/covers.ts';
import { findEntity } from '../../services/entities.ts';
import { mediaFile } from '../../services/media.ts';
import { playlistCoverWork } from '../../services/playerPlaylists.ts';
import { Root } from '../../storage/root.ts';
import type { Call, Method } from '../call.ts';
import { idOf } from '../ids.ts';
import { noteStreamed } from '../lastStreamed.ts';
import { notAuthorized, notFound } from '../protocol.ts';
import { songAt, worksOfArtist } from './browse.ts';

function allowMedia(c: Call): void {
  if (!c.ctx.settings.get('anonymousMedia') && c.viewer.kind === 'anonymous') {
    throw notAuthorized('Sign in to play');
  }
}

async function audioOf(c: Call) {
  const id = idOf(c.params.need('id'), 'id', ['song'] as const);
  const file = await mediaFile(c.ctx, id.fileId);
  if (file.type !== 'audio') throw notFound('Song');
  return file;
}

/**
 * Whether a stream asks for the low-quality transcode: `format=raw` never; a `format` other than
 * the file's own, or a `maxBitRate` below the file's bit rate, does (when ffmpeg is there).
 */
async function wantsTranscode(c: Call, file: { id: number; name: string; size: number }): Promise<boolean> {
  if (!c.lowQuality) return false;
  const format = c.params.str('format')?.toLowerCase();
  if (format === 'raw') return false;
  const suffix = path.extname(file.name).slice(1).toLowerCase();
  if (format && format !== suffix) return true;
  const maxBitRate = c.params.int('maxBitRate', 0, 0, 100_000);
  if (maxBitRate === 0) return false;
  const seconds = (await songAt(c, file.id)).song.duration;
  const bitRate = seconds > 0 ? (file.size * 8) / seconds / 1000 : Number.POSITIVE_INFINITY;
  return bitRate > maxBitRate;
}

async function coverWorkOf(c: Call): Promise<number> {
  const id = idOf(c.params.need('id'), 'id', [
    'album',
    'song',
    'folder',
    'circle',
    'va',
    'playlist',
  ] as const);
  switch (id.kind) {
    case 'album':
    case 'folder':
      return id.workId;
    case 'song':
      return (await mediaFile(c.ctx, id.fileId)).workId;
    case 'circle':
    case 'va': {
      if (id.kind === 'circle' && !(await findEntity(c.ctx.db, 'circles', String(id.circleId)))) {
        throw notFound('Cover art');
      }
      // An artist's picture is the cover of their newest work.
      const [newest] = await worksOfArtist(c, id);
      if (!newest) throw notFound('Cover art');
      return newest.id;
    }
    case 'playlist': {
      const workId = await playlistCoverWork(c.ctx.db, c.viewer, id.playlistId);
      if (workId === undefined) throw notFound('Cover art');
      return workId;
    }
  }
}

export const mediaMethods: Record<string, Method> = {
  stream: async (c): Promise<FastifyReply> => {
    allowMedia(c);
    const file = await audioOf(c);
    noteStreamed(c.ctx, c.viewer, file.id);
    if (await wantsTranscode(c, file)) return deliverLowQuality(c.ctx, c.req, c.reply, file);
    return deliverOriginal(c.ctx, c.req, c.reply, file, 'inline');
  },

  download: async (c): Promise<FastifyReply> => {
    allowMedia(c);
    return deliverOriginal(c.ctx, c.req, c.reply, await audioOf(c), 'attachment');
  },

  getCoverArt: async (c): Promise<FastifyReply> => {
    const workId = await coverWorkOf(c);
    // The cached variants: 240×240 for small sizes, 300 px for lists, up to 1000 px beyond.
    const size = c.params.int('size', 0, 0, 10_000);
    const type = size > 0 && size <= 240 ? '240x240' : size > 0 && size <= 300 ? 'sam' : 'main';
    const abs = await coverFile(c.ctx, workId, type);
    if (!abs) throw notFound('Cover art');
    const cache = new Root(paths.covers(c.ctx.config));
    return sendFile(
      c.req,
      c.reply,
      await cache.open(path.basename(abs)),
      { name: `${workId}-${type}.jpg`, charset: null },
      { disposition: 'inline', contentType: 'image/jpeg', cacheControl: 'public, max-age=604800' },
    );
  },
};
