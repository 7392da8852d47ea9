/** Sessions: the caller's devices, and an account's in the console (services/sessions.ts). */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { accountId } from '../http/request.ts';
import {
  endAccountSessions,
  endOtherSessions,
  endOwnSession,
  listAccountSessions,
  listOwnSessions,
} from '../services/sessions.ts';
import { route } from './route.ts';

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const S = ROUTES.sessions;

  route(app, S.list, async function listOwnDevices(req) {
    return { sessions: await listOwnSessions(db, req.principal, req.session?.id ?? null) };
  });

  route(app, S.end, async function signOutDevice(req) {
    await endOwnSession(db, req.principal, req.params.id);
    return { message: 'signed out' };
  });

  route(app, S.endOthers, async function signOutOtherDevices(req) {
    return { ended: await endOtherSessions(db, req.principal, req.session?.id ?? null) };
  });

  route(app, S.ofAccount, async function accountDevices(req) {
    return { sessions: await listAccountSessions(db, req.principal, accountId(req.params.id)) };
  });

  route(app, S.endAccount, async function signOutAccountEverywhere(req) {
    return { ended: await endAccountSessions(db, req.principal, accountId(req.params.id)) };
  });
};
