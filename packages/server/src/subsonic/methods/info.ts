/**
 * getArtistInfo(2), getAlbumInfo(2), getTopSongs and getInternetRadioStations: Sasayaki has no
 * biographies, no last.fm charts and no radio stations, so these answer the empty shapes the
 * spec allows. Players call them on their artist, album and radio pages and read the answer
 * without checking for an error (Aonsoku's artist and radio pages never leave their loading
 * state on error 70), so an empty answer is what keeps those pages usable.
 */
import { findEntity } from '../../services/entities.ts';
import { type Call, type Method, workOrFail } from '../call.ts';
import { idOf } from '../ids.ts';
import { notFound } from '../protocol.ts';

/** Refuses an id that is not an artist of this library (voice actors are checked by their works). */
async function artistOrFail(c: Call): Promise<void> {
  const id = idOf(c.params.need('id'), 'id', ['circle', 'va'] as const);
  if (id.kind === 'circle' && !(await findEntity(c.ctx.db, 'circles', String(id.circleId)))) {
    throw notFound('Artist');
  }
}

async function albumOrFail(c: Call): Promise<void> {
  const id = idOf(c.params.need('id'), 'id', ['album'] as const);
  await workOrFail(c, id.workId);
}

export const infoMethods: Record<string, Method> = {
  getArtistInfo: async (c) => {
    await artistOrFail(c);
    return { artistInfo: { similarArtist: [] } };
  },

  getArtistInfo2: async (c) => {
    await artistOrFail(c);
    return { artistInfo2: { similarArtist: [] } };
  },

  getAlbumInfo: async (c) => {
    await albumOrFail(c);
    return { albumInfo: {} };
  },

  getAlbumInfo2: async (c) => {
    await albumOrFail(c);
    return { albumInfo: {} };
  },

  getTopSongs: async (c) => {
    c.params.need('artist');
    return { topSongs: { song: [] } };
  },

  getInternetRadioStations: async () => ({ internetRadioStations: { internetRadioStation: [] } }),
};
