/**
 * savePlayQueue / getPlayQueue: the account's one server-side play queue, the same the web app
 * saves and resumes from (services/listening.ts): a queue saved by a player is where the web app
 * offers to continue, and the other way round. Subsonic positions are milliseconds; ours seconds.
 */
import { LISTENING_LIMITS, trackHash, type Work } from '@sasayaki/contract';
import { getQueue, saveQueue } from '../../services/listening.ts';
import { workOfSong } from '../../services/tracks.ts';
import { type Call, type Method, worksByIds } from '../call.ts';
import { idOf, songId } from '../ids.ts';
import { workLayouts } from '../layout.ts';
import { invalid, notFound } from '../protocol.ts';
import { accountOf } from './annotation.ts';
import { songsOf } from './browse.ts';

/** The device a queue was saved from, as the web app shows it: the player's name. */
const deviceOf = (c: Call) => (c.params.str('c') ?? 'Subsonic').slice(0, LISTENING_LIMITS.deviceNameMax);

export const playQueueMethods: Record<string, Method> = {
  savePlayQueue: async (c) => {
    accountOf(c, 'save the play queue');
    const ids = c.params.all('id');
    if (ids.length > LISTENING_LIMITS.queueTracksMax) {
      throw invalid('id', `at most ${LISTENING_LIMITS.queueTracksMax} songs`);
    }
    const tracks: string[] = [];
    for (const raw of ids) {
      const fileId = idOf(raw, 'id', ['song'] as const).fileId;
      const workId = await workOfSong(c.ctx.db, fileId);
      if (workId === undefined) throw notFound('Song');
      tracks.push(trackHash({ workId, fileId }));
    }
    const current = c.params.str('current');
    const currentIndex = current ? Math.max(0, ids.indexOf(current)) : 0;
    const position = c.params.int('position', 0, 0, 2 ** 31) / 1000;
    await saveQueue(c.ctx.db, c.viewer, {
      tracks,
      currentIndex,
      position,
      device: deviceOf(c),
      deviceId: `subsonic:${deviceOf(c)}`.slice(0, LISTENING_LIMITS.deviceIdMax),
      at: Date.now(),
    });
    return {};
  },

  getPlayQueue: async (c) => {
    accountOf(c, 'read the play queue');
    const queue = await getQueue(c.ctx.db, c.viewer);
    if (!queue) return {};
    const workIds = [...new Set(queue.tracks.map((t) => t.workId))];
    const [works, layouts] = await Promise.all([worksByIds(c, workIds), workLayouts(c.ctx, workIds)]);
    const workOf = new Map<number, Work>(works.map((w) => [w.id, w]));
    const entries = queue.tracks.flatMap((t) => {
      const work = workOf.get(t.workId);
      const fileId = Number(t.track.slice(t.track.indexOf('/') + 1));
      const song = layouts.get(t.workId)?.songs.find((s) => s.fileId === fileId);
      return work && song ? [{ work, songs: [song] }] : [];
    });
    const current = queue.tracks[queue.currentIndex];
    return {
      playQueue: {
        current: current ? songId(Number(current.track.slice(current.track.indexOf('/') + 1))) : undefined,
        position: Math.round(queue.position * 1000),
        username: c.viewer.kind === 'account' ? c.viewer.name : '',
        changed: new Date(queue.updatedAt).toISOString(),
        changedBy: queue.device,
        entry: await songsOf(c, entries),
      },
    };
  },
};
