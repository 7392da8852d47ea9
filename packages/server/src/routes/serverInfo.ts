/**
 * GET /api/config/shared and GET /api/version: what the kikoeru web front end reads on every
 * page load (the player's seek steps; a new-version notice and a "rescan needed" notice).
 * This server never asks anyone for newer releases, so it reports none, and it keeps no upgrade
 * lock: a rescan is never required after an update.
 */
import { APP_VERSION, ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from './route.ts';

export const serverInfoRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  route(app, ROUTES.server.sharedConfig, function sharedConfig() {
    return {
      sharedConfig: {
        rewindSeekTime: config.rewindSeekSeconds,
        forwardSeekTime: config.forwardSeekSeconds,
      },
    };
  });
  route(app, ROUTES.server.version, function version() {
    return {
      current: APP_VERSION,
      latest_stable: APP_VERSION,
      latest_release: APP_VERSION,
      update_available: false,
      notifyUser: false,
      lockFileExists: false,
      lockReason: null,
    };
  });
};
