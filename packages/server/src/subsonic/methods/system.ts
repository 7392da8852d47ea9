/** ping, getLicense, getOpenSubsonicExtensions, getUser, getMusicFolders, getScanStatus, startScan. */
import path from 'node:path';
import { userIdOf } from '../../auth/principal.ts';
import { subsonicScanStatus, subsonicStartScan } from '../../services/scans/console.ts';
import { findUserById, findUserByName } from '../../services/users.ts';
import type { Call, Method } from '../call.ts';
import { EXTENSIONS, notAuthorized, notFound } from '../protocol.ts';

/** The library roots: music folder i + 1 is root i. */
export function musicFolders(c: Call) {
  return c.ctx.config.libraryRoots.map((root, i) => ({ id: i + 1, name: path.basename(root) || root }));
}

/** `musicFolderId` as a root index, or undefined for all of them. */
export function rootIndexOf(c: Call): number | undefined {
  if (!c.params.has('musicFolderId')) return undefined;
  const roots = Math.max(1, c.ctx.config.libraryRoots.length);
  return c.params.int('musicFolderId', 1, 1, roots) - 1;
}

export const systemMethods: Record<string, Method> = {
  ping: async () => ({}),

  getLicense: async () => ({ license: { valid: true } }),

  getOpenSubsonicExtensions: async () => ({ openSubsonicExtensions: EXTENSIONS }),

  getMusicFolders: async (c) => ({ musicFolders: { musicFolder: musicFolders(c) } }),

  getScanStatus: async (c) => ({
    scanStatus: await subsonicScanStatus(c.ctx.db, c.req.server.scans, c.viewer),
  }),

  startScan: async (c) => ({
    scanStatus: await subsonicStartScan(c.ctx.db, c.req.server.scans, c.viewer),
  }),

  getUser: async (c) => {
    const userId = userIdOf(c.viewer);
    if (userId === null || c.viewer.kind !== 'account') throw notAuthorized('Sign in to see a user');
    const name = c.params.need('username');
    // Anyone reads their own account; administrators read every account.
    const row =
      name === c.viewer.name
        ? await findUserById(c.ctx.db, userId)
        : c.viewer.group === 'administrator'
          ? await findUserByName(c.ctx.db, name)
          : undefined;
    if (!row) {
      if (c.viewer.group !== 'administrator') throw notAuthorized('Only administrators read other users');
      throw notFound('User');
    }
    const guest = row.grp === 'guest';
    return {
      user: {
        username: row.name,
        email: row.email ?? undefined,
        scrobblingEnabled: true,
        adminRole: row.grp === 'administrator',
        settingsRole: !guest,
        downloadRole: true,
        uploadRole: false,
        playlistRole: !guest,
        coverArtRole: false,
        commentRole: !guest,
        podcastRole: false,
        streamRole: true,
        jukeboxRole: false,
        shareRole: false,
        videoConversionRole: false,
        folder: musicFolders(c).map((f) => f.id),
      },
    };
  },
};
