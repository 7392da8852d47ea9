/**
 * The administrator's console (contract: routes/console.ts): site settings, the audit log,
 * accounts, health and moderation. Every call is for administrators (access.ts), and every
 * change goes into the audit log once it succeeded.
 */
import { LIMITS, ROUTES, workCodeOfId } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authorize } from '../access.ts';
import { fail } from '../errors.ts';
import { assertDeletable, deleteAccount, normalizeEmail } from '../services/accounts.ts';
import { listAudit, recordAudit } from '../services/audit.ts';
import {
  accountImpact,
  listConsoleAccounts,
  mustFindAccount,
  resetPasswordByAdmin,
} from '../services/consoleAccounts.ts';
import { mailerOf, sendMail } from '../services/mail.ts';
import {
  deleteReviewByModerator,
  listModeratedReviews,
  removeTagFromWork,
  setReviewHidden,
} from '../services/moderation.ts';
import type { SettingKey } from '../services/settings.ts';
import { healthReport, purgeCache } from '../services/siteHealth.ts';
import { findUserById, setDisabled, setGroup } from '../services/users.ts';
import { route } from './route.ts';

const accountId = (id: string): number => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw fail('USER_NOT_FOUND');
  return n;
};

const paging = (q: { page?: number; pageSize?: number }) => ({
  page: q.page ?? 1,
  pageSize: q.pageSize ?? LIMITS.pageSizeDefault,
});

export const consoleRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, settings } = app.ctx;
  const C = ROUTES.console;

  /** A review as the audit log names it: its author and the work. */
  const reviewTarget = async (userId: number, workId: number) =>
    `${(await findUserById(db, userId))?.name ?? userId} · ${workCodeOfId(workId)}`;

  route(app, C.settings, async function siteSettings(req) {
    authorize(req, 'admin');
    return { settings: settings.view() };
  });

  route(app, C.updateSettings, async function updateSiteSettings(req) {
    const p = authorize(req, 'admin');
    const changes = req.body.changes as Partial<Record<SettingKey, unknown>>;
    const details = await settings.write(changes);
    await recordAudit(db, p, {
      action: 'settings.update',
      target: Object.keys(details).join(', '),
      details,
    });
    return { settings: settings.view() };
  });

  route(app, C.testMail, async function sendTestMail(req) {
    const p = authorize(req, 'admin');
    const to = normalizeEmail(req.body.to);
    try {
      await sendMail(mailerOf(config, settings), {
        to,
        subject: 'Sasayaki: test mail',
        text: `This is a test mail sent from the administrator's console by "${p.kind === 'account' ? p.name : ''}".\nThe mail settings work.\n`,
      });
    } catch (err) {
      throw fail('MAIL_FAILED', { reason: (err as Error).message.slice(0, 200) });
    }
    await recordAudit(db, p, { action: 'settings.test-mail', target: to });
    return { message: 'test mail sent' };
  });

  route(app, C.audit, async function auditLog(req) {
    authorize(req, 'admin');
    const { page, pageSize } = paging(req.query);
    const { entries, total, actions } = await listAudit(
      db,
      { actor: req.query.actor || undefined, action: req.query.action || undefined },
      page,
      pageSize,
    );
    return { entries, actions, pagination: { currentPage: page, pageSize, totalCount: total } };
  });

  route(app, C.health, async function siteHealth(req) {
    authorize(req, 'admin');
    return healthReport(app.ctx);
  });

  route(app, C.purgeCache, async function purgeCacheFolder(req) {
    const p = authorize(req, 'admin');
    const held = await purgeCache(config, req.body.cache);
    await recordAudit(db, p, { action: 'cache.purge', target: req.body.cache, details: held });
    return held;
  });

  consoleAccountRoutes(app);
  moderationRoutes(app, reviewTarget);
};

/** The console's accounts: list, group, password reset, disabling, deletion with its impact. */
function consoleAccountRoutes(app: FastifyInstance): void {
  const { db, config, settings } = app.ctx;
  const C = ROUTES.console;

  route(app, C.accounts, async function consoleAccounts(req) {
    authorize(req, 'admin');
    const { page, pageSize } = paging(req.query);
    const { accounts, total } = await listConsoleAccounts(db, req.query.q ?? '', page, pageSize);
    return { accounts, pagination: { currentPage: page, pageSize, totalCount: total } };
  });

  route(app, C.accountGroup, async function changeAccountGroup(req) {
    const p = authorize(req, 'admin');
    const user = await setGroup(db, { id: accountId(req.params.id) }, req.body.group);
    await recordAudit(db, p, {
      action: 'account.group',
      target: user.name,
      details: { group: req.body.group },
    });
    return { message: 'group changed' };
  });

  route(app, C.accountResetPassword, async function resetAccountPassword(req) {
    const p = authorize(req, 'admin');
    const r = await resetPasswordByAdmin(db, mailerOf(config, settings), accountId(req.params.id));
    await recordAudit(db, p, {
      action: 'account.reset-password',
      target: r.user.name,
      details: { delivery: r.delivery },
    });
    return r.delivery === 'mail'
      ? { delivery: 'mail' as const }
      : { delivery: 'shown' as const, password: r.password };
  });

  route(app, C.accountDisabled, async function disableAccount(req) {
    const p = authorize(req, 'admin');
    const { disabled } = req.body;
    const user = await setDisabled(db, { id: accountId(req.params.id) }, disabled);
    await recordAudit(db, p, {
      action: disabled ? 'account.disable' : 'account.enable',
      target: user.name,
    });
    return { message: disabled ? 'account disabled' : 'account enabled' };
  });

  route(app, C.accountImpact, async function accountDeletionImpact(req) {
    authorize(req, 'admin');
    return accountImpact(db, accountId(req.params.id));
  });

  route(app, C.accountDelete, async function deleteAccountById(req) {
    const p = authorize(req, 'admin');
    const user = await mustFindAccount(db, accountId(req.params.id));
    assertDeletable(p, user.name);
    await deleteAccount(db, { id: user.id });
    await recordAudit(db, p, { action: 'account.delete', target: user.name });
    return { message: 'user deleted' };
  });
}

/** Moderation: reviews hidden or deleted, tags removed from a work. */
function moderationRoutes(
  app: FastifyInstance,
  reviewTarget: (userId: number, workId: number) => Promise<string>,
): void {
  const { db } = app.ctx;
  const C = ROUTES.console;

  route(app, C.reviews, async function moderatedReviews(req) {
    authorize(req, 'admin');
    const { page, pageSize } = paging(req.query);
    const { reviews, total } = await listModeratedReviews(db, {
      search: req.query.q ?? '',
      hidden: req.query.hidden,
      page,
      pageSize,
    });
    return { reviews, pagination: { currentPage: page, pageSize, totalCount: total } };
  });

  route(app, C.hideReview, async function hideReview(req) {
    const p = authorize(req, 'admin');
    const { userId, workId, hidden } = req.body;
    await setReviewHidden(db, userId, workId, hidden);
    await recordAudit(db, p, {
      action: hidden ? 'review.hide' : 'review.show',
      target: await reviewTarget(userId, workId),
      details: { userId, workId },
    });
    return { message: hidden ? 'review hidden' : 'review shown' };
  });

  route(app, C.deleteReview, async function deleteReviewOfUser(req) {
    const p = authorize(req, 'admin');
    const { userId, workId } = req.body;
    await deleteReviewByModerator(db, userId, workId);
    await recordAudit(db, p, {
      action: 'review.delete',
      target: `work ${workId}`,
      details: { userId, workId },
    });
    return { message: 'review deleted' };
  });

  route(app, C.removeWorkTag, async function removeWorkTag(req) {
    const p = authorize(req, 'admin');
    const { workId, tagId } = req.body;
    await removeTagFromWork(db, workId, tagId);
    await recordAudit(db, p, {
      action: 'work.tag-remove',
      target: `work ${workId}`,
      details: { workId, tagId },
    });
    return { message: 'tag removed' };
  });
}
