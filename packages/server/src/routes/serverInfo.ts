/**
 * GET /api/config/shared and GET /api/version: what the kikoeru web front end reads on every
 * page load (the player's seek steps; a new-version notice and a "rescan needed" notice).
 * This server never asks anyone for newer releases, so it reports none, and it keeps no upgrade
 * lock: a rescan is never required after an update.
 */
import { APP_VERSION, SharedConfigAnswer, VersionAnswer } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';

export const serverInfoRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  app.get(
    '/api/config/shared',
    {
      schema: {
        tags: ['health'],
        summary: 'Player settings shared by every client: seek steps in seconds',
        response: { 200: SharedConfigAnswer },
      },
    },
    (): SharedConfigAnswer => ({
      sharedConfig: {
        rewindSeekTime: config.rewindSeekSeconds,
        forwardSeekTime: config.forwardSeekSeconds,
      },
    }),
  );
  app.get(
    '/api/version',
    {
      schema: {
        tags: ['health'],
        summary: 'Version of the server; never reports an update or a pending rescan',
        response: { 200: VersionAnswer },
      },
    },
    (): VersionAnswer => ({
      current: APP_VERSION,
      latest_stable: APP_VERSION,
      latest_release: APP_VERSION,
      update_available: false,
      notifyUser: false,
      lockFileExists: false,
      lockReason: null,
    }),
  );
};
