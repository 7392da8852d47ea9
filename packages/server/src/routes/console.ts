/**
 * The administrator's console (contract: routes/console.ts): site settings, the audit log,
 * accounts, health and moderation. The services ask for `admin` (the permission table) and
 * record every change in the audit log once it succeeded.
 */
import { LIMITS, ROUTES } from '@sasayaki/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { accountId } from '../http/request.ts';
import { listAudit } from '../services/audit.ts';
import {
  accountImpact,
  changeGroup,
  deleteAccountByAdmin,
  listConsoleAccounts,
  resetPasswordByAdmin,
  setAccountDisabled,
} from '../services/consoleAccounts.ts';
import { sendTestMail, settingsFor, updateSettings } from '../services/consoleSettings.ts';
import {
  deleteReviewByModerator,
  listModeratedReviews,
  removeTagFromWork,
  setReviewHidden,
} from '../services/moderation.ts';
import { healthReport, purgeCache } from '../services/siteHealth.ts';
import type { SettingKey } from '../siteSettings.ts';
import { route } from './route.ts';

const paging = (q: { page?: number; pageSize?: number }) => ({
  page: q.page ?? 1,
  pageSize: q.pageSize ?? LIMITS.pageSizeDefault,
});

export const consoleRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const C = ROUTES.console;

  route(app, C.settings, async function siteSettings(req) {
    return { settings: settingsFor(app.ctx, req.principal) };
  });

  route(app, C.updateSettings, async function updateSiteSettings(req) {
    await updateSettings(app.ctx, req.principal, req.body.changes as Partial<Record<SettingKey, unknown>>);
    return { settings: settingsFor(app.ctx, req.principal) };
  });

  route(app, C.testMail, async function sendTestMailNow(req) {
    await sendTestMail(app.ctx, req.principal, req.body.to);
    return { message: 'test mail sent' };
  });

  route(app, C.audit, async function auditLog(req) {
    const { page, pageSize } = paging(req.query);
    const { entries, total, actions } = await listAudit(
      db,
      req.principal,
      { actor: req.query.actor || undefined, action: req.query.action || undefined },
      page,
      pageSize,
    );
    return { entries, actions, pagination: { currentPage: page, pageSize, totalCount: total } };
  });

  route(app, C.health, async function siteHealth(req) {
    return healthReport(app.ctx, req.principal);
  });

  route(app, C.purgeCache, async function purgeCacheFolder(req) {
    return purgeCache(app.ctx, req.principal, req.body.cache);
  });

  consoleAccountRoutes(app);
  moderationRoutes(app);
};

/** The console's accounts: list, group, password reset, disabling, deletion with its impact. */
function consoleAccountRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  const C = ROUTES.console;

  route(app, C.accounts, async function consoleAccounts(req) {
    const { page, pageSize } = paging(req.query);
    const { accounts, total } = await listConsoleAccounts(
      db,
      req.principal,
      req.query.q ?? '',
      page,
      pageSize,
    );
    return { accounts, pagination: { currentPage: page, pageSize, totalCount: total } };
  });

  route(app, C.accountGroup, async function changeAccountGroup(req) {
    await changeGroup(db, req.principal, { id: accountId(req.params.id) }, req.body.group);
    return { message: 'group changed' };
  });

  route(app, C.accountResetPassword, async function resetAccountPassword(req) {
    return resetPasswordByAdmin(app.ctx, req.principal, accountId(req.params.id));
  });

  route(app, C.accountDisabled, async function disableAccount(req) {
    const { disabled } = req.body;
    await setAccountDisabled(db, req.principal, accountId(req.params.id), disabled);
    return { message: disabled ? 'account disabled' : 'account enabled' };
  });

  route(app, C.accountImpact, async function accountDeletionImpact(req) {
    return accountImpact(db, req.principal, accountId(req.params.id));
  });

  route(app, C.accountDelete, async function deleteAccountById(req) {
    await deleteAccountByAdmin(db, req.principal, { id: accountId(req.params.id) });
    return { message: 'user deleted' };
  });
}

/** Moderation: reviews hidden or deleted, tags removed from a work. */
function moderationRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  const C = ROUTES.console;

  route(app, C.reviews, async function moderatedReviews(req) {
    const { page, pageSize } = paging(req.query);
    const { reviews, total } = await listModeratedReviews(db, req.principal, {
      search: req.query.q ?? '',
      hidden: req.query.hidden,
      page,
      pageSize,
    });
    return { reviews, pagination: { currentPage: page, pageSize, totalCount: total } };
  });

  route(app, C.hideReview, async function hideReview(req) {
    const { userId, workId, hidden } = req.body;
    await setReviewHidden(db, req.principal, { userId, workId }, hidden);
    return { message: hidden ? 'review hidden' : 'review shown' };
  });

  route(app, C.deleteReview, async function deleteReviewOfUser(req) {
    await deleteReviewByModerator(db, req.principal, req.body);
    return { message: 'review deleted' };
  });

  route(app, C.removeWorkTag, async function removeWorkTag(req) {
    await removeTagFromWork(db, req.principal, req.body.workId, req.body.tagId);
    return { message: 'tag removed' };
  });
}
