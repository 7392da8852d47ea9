/**
 * Community subtitles (contract: routes/subtitles.ts; services/subtitles.ts decides everything):
 * uploads (counted against the sender's address), the contributor's list, a text, and the
 * reviewers' queue with accept and reject.
 */
import { ROUTES, SUBTITLE_LIMITS } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors.ts';
import { counterStoreFor, SUBTITLE_UPLOAD_WINDOW_MS, WindowLimiter } from '../infra/limits/rateLimit.ts';
import {
  acceptSubtitle,
  contributionText,
  myContributions,
  rejectSubtitle,
  type SubtitleCtx,
  subtitleQueue,
  uploadSubtitles,
} from '../services/subtitles.ts';
import { route } from './route.ts';

const idOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw fail('SUBTITLE_NOT_FOUND');
  return id;
};

export const subtitleRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, settings } = app.ctx;
  const S = ROUTES.subtitles;
  const ctx: SubtitleCtx = { db, dataDir: config.dataDir, quotaMb: () => settings.get('subtitleQuotaMb') };
  const uploads = new WindowLimiter(
    counterStoreFor(db),
    'subtitle-up',
    SUBTITLE_LIMITS.uploadsPerAddressPerHour,
    SUBTITLE_UPLOAD_WINDOW_MS,
  );

  route(app, S.upload, async function sendSubtitles(req, reply) {
    const workId = Number(req.params.id);
    if (!Number.isSafeInteger(workId) || workId < 1 || workId > 2_147_483_647) throw fail('WORK_NOT_FOUND');
    const r = await uploads.take(req.ip);
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter));
      throw fail('SUBTITLE_RATE_LIMITED');
    }
    return { contributions: await uploadSubtitles(ctx, req.principal, workId, req.body, req.ip) };
  });

  route(app, S.mine, async function ownSubtitles(req) {
    return { contributions: await myContributions(db, req.principal) };
  });

  route(app, S.text, async function subtitleText(req, reply) {
    const text = await contributionText(ctx, req.principal, idOf(req.params.id));
    // Plain text, never rendered by a browser: no sniffing, a download when opened directly.
    return reply
      .type('text/plain; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="subtitle-${req.params.id}.txt"`)
      .send(text);
  });

  route(app, S.queue, async function subtitleReviewQueue(req) {
    return { contributions: await subtitleQueue(db, req.principal, req.query.status) };
  });

  route(app, S.accept, async function acceptContribution(req) {
    return { contribution: await acceptSubtitle(ctx, req.principal, idOf(req.params.id), req.body.text) };
  });

  route(app, S.reject, async function rejectContribution(req) {
    await rejectSubtitle(ctx, req.principal, idOf(req.params.id), req.body.reason);
    return { message: 'subtitle rejected' };
  });
};
