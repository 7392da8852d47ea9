/** What every client reads first: health, the shared player settings and the server's version. */
import * as Type from 'typebox/type';
import { SharedConfigAnswer, VersionAnswer } from '../api.ts';
import { defineRoute } from './define.ts';

export const server = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    tags: ['health'],
    summary:
      'Health check; maintenance html when the site is in maintenance; 503 SHUTTING_DOWN while draining',
    response: {
      200: Type.String({ description: 'OK' }),
      503: Type.Object({
        html: Type.String(),
        code: Type.Optional(Type.String()),
        error: Type.Optional(Type.String()),
      }),
    },
  }),
  sharedConfig: defineRoute({
    method: 'GET',
    path: '/api/config/shared',
    tags: ['health'],
    summary: 'Player settings shared by every client: seek steps in seconds',
    response: { 200: SharedConfigAnswer },
  }),
  version: defineRoute({
    method: 'GET',
    path: '/api/version',
    tags: ['health'],
    summary: 'Version of the server; never reports an update or a pending rescan',
    response: { 200: VersionAnswer },
  }),
};
