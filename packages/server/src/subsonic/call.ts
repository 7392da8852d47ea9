/**
 * What a method is handed (the caller, its parameters, the language of tag names), and the
 * reads most methods share: works by id through the catalogue's cache, their song counts, and
 * what the viewer starred (their Liked playlist).
 */
import type { Work } from '@sasayaki/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { getWork, type ListWorksOptions, listWorks, type WorkPage } from '../services/catalogue/lists.ts';
import { likedPlaylistOf as likedOf, starredAmong } from '../services/playerPlaylists.ts';
import { songCounts } from '../services/tracks.ts';
import type { TagLang, ViewerMarks } from './mapping.ts';
import type { Params } from './params.ts';
import { notFound } from './protocol.ts';

export interface Call {
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  viewer: Principal;
  /** The public base URL (the catalogue caches pages per base). */
  baseUrl: string;
  lang: TagLang;
  /** Whether low-quality transcodes can be made (ffmpeg found at start). */
  lowQuality: boolean;
}

/** A method answers the payload of `subsonic-response`, or has sent its own reply (media). */
export type Method = (c: Call) => Promise<Record<string, unknown> | FastifyReply>;

export async function workOrFail(c: Call, workId: number): Promise<Work> {
  const w = await getWork(c.ctx, workId, c.viewer, c.baseUrl);
  if (!w) throw notFound('Album');
  return w;
}

export function worksPage(c: Call, opts: Omit<ListWorksOptions, 'viewer'>): Promise<WorkPage> {
  return listWorks(c.ctx, { viewer: c.viewer, ...opts }, c.baseUrl);
}

/** The works of these ids that exist, in the order asked (at most a page of 100 each call). */
export async function worksByIds(c: Call, ids: readonly number[]): Promise<Work[]> {
  const out: Work[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const page = await worksPage(c, { workIds: chunk, keepIdOrder: true, pageSize: 100 });
    out.push(...page.works);
  }
  return out;
}

/** The viewer's Liked playlist (made on first use), or null for an anonymous viewer. */
export const likedPlaylistOf = (c: Call): Promise<string | null> => likedOf(c.ctx.db, c.viewer);

/** When the viewer starred each of these works (those in their Liked playlist). */
export async function starsOf(c: Call, workIds: readonly number[]): Promise<Map<number, ViewerMarks>> {
  const starred = await starredAmong(c.ctx.db, c.viewer, workIds);
  return new Map([...starred].map(([workId, starredAt]) => [workId, { starredAt }]));
}

export const songCountsOf = (c: Call, workIds: readonly number[]) => songCounts(c.ctx.db, workIds);
