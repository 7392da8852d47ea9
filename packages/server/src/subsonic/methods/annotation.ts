/**
 * star / unstar = the viewer's Liked playlist (the web app's favourite), setRating = their
 * review's rating, scrobble = a play in the listening history and an event of the recommender. A song stands for its work:
 * starring or rating a song stars or rates the work it belongs to.
 */
import { trackHash } from '@sasayaki/contract';
import { userIdOf } from '../../auth/principal.ts';
import { plainInteger } from '../../numericParams.ts';
import { recordFeedback } from '../../recommender/index.ts';
import { recordPlay } from '../../services/listening.ts';
import { addWorks, removeWorks } from '../../services/playlists.ts';
import { putReview } from '../../services/reviews.ts';
import { workOfSong } from '../../services/tracks.ts';
import { findUserById } from '../../services/users.ts';
import { type Call, likedPlaylistOf, type Method } from '../call.ts';
import { idOf } from '../ids.ts';
import { invalid, notAuthorized, notFound } from '../protocol.ts';
import { songAt } from './browse.ts';

/** The signed-in viewer's id, or error 50. */
export function accountOf(c: Call, what: string): number {
  const id = userIdOf(c.viewer);
  if (id === null) throw notAuthorized(`Sign in to ${what}`);
  return id;
}

/** The work an album, folder or song id names. */
export async function workOfId(c: Call, raw: string, name = 'id'): Promise<number> {
  const id = idOf(raw, name, ['album', 'folder', 'song'] as const);
  if (id.kind !== 'song') return id.workId;
  const workId = await workOfSong(c.ctx.db, id.fileId);
  if (workId === undefined) throw notFound('Song');
  return workId;
}

async function starredWorks(c: Call): Promise<number[]> {
  if (c.params.has('artistId')) {
    throw invalid('artistId', 'artists (circles, voice actors) cannot be starred here: star their albums');
  }
  const raws = [...c.params.all('id'), ...c.params.all('albumId')];
  const ids = await Promise.all(raws.map((raw) => workOfId(c, raw)));
  return [...new Set(ids)];
}

async function star(c: Call, on: boolean) {
  accountOf(c, 'star');
  const works = await starredWorks(c);
  const liked = await likedPlaylistOf(c);
  if (!liked || works.length === 0) return {};
  if (on) await addWorks(c.ctx.db, c.viewer, liked, works);
  else await removeWorks(c.ctx.db, c.viewer, liked, works);
  return {};
}

export const annotationMethods: Record<string, Method> = {
  star: (c) => star(c, true),
  unstar: (c) => star(c, false),

  setRating: async (c) => {
    accountOf(c, 'rate');
    const workId = await workOfId(c, c.params.need('id'));
    const rating = c.params.needInt('rating', 0, 5);
    await putReview(c.ctx.db, c.viewer, workId, { rating: rating === 0 ? null : rating });
    return {};
  },

  scrobble: async (c) => {
    const userId = accountOf(c, 'scrobble');
    const ids = c.params.all('id');
    if (ids.length === 0) c.params.need('id');
    // "Now playing" notices (submission=false) are not kept: only plays are listening history.
    if (!c.params.bool('submission', true)) return {};
    const subject = (await findUserById(c.ctx.db, userId))?.recommender_uuid;
    if (!subject) throw notAuthorized('Unknown account');
    const times = c.params.all('time');
    const works = new Set<number>();
    for (const [i, raw] of ids.entries()) {
      const fileId = idOf(raw, 'id', ['song'] as const).fileId;
      const { song } = await songAt(c, fileId);
      works.add(song.workId);
      // A scrobble is a finished play: the history keeps it as played to the end, at its time.
      const at = plainInteger(times[i] ?? '') ?? Date.now();
      await recordPlay(c.ctx.db, c.viewer, {
        track: trackHash({ workId: song.workId, fileId }),
        position: song.duration,
        duration: song.duration,
        at,
      });
    }
    for (const workId of works) await recordFeedback(c.ctx.db, { type: 'start', subject, userId, workId });
    return {};
  },
};
