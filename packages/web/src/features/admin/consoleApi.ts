/** The console's calls (contract: routes/console.ts), typed by the route table. */
import type { UserGroup } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';

export type {
  AccountImpact,
  AuditEntry,
  ConsoleAccount,
  HealthReport,
  Invitation,
  ModeratedReview,
  SettingInfo,
} from '@sasayaki/contract';

export const CONSOLE_PAGE_SIZE = 20;

const id = (n: number) => ({ id: String(n) });

export const consoleApi = {
  settings: (signal?: AbortSignal) => call('GET /api/admin/settings', {}, { signal }),
  updateSettings: (changes: Record<string, unknown>) =>
    call('PUT /api/admin/settings', { body: { changes } }),
  testMail: (to: string) => call('POST /api/admin/settings/test-mail', { body: { to } }),
  audit: (page: number, filter: { actor?: string; action?: string }, signal?: AbortSignal) =>
    call(
      'GET /api/admin/audit',
      {
        query: {
          page,
          pageSize: CONSOLE_PAGE_SIZE,
          actor: filter.actor || undefined,
          action: filter.action || undefined,
        },
      },
      { signal },
    ),
  accounts: (page: number, q: string, signal?: AbortSignal) =>
    call(
      'GET /api/admin/accounts',
      { query: { page, pageSize: CONSOLE_PAGE_SIZE, q: q || undefined } },
      { signal },
    ),
  setGroup: (account: number, group: UserGroup) =>
    call('POST /api/admin/accounts/:id/group', { params: id(account), body: { group } }),
  resetPassword: (account: number) =>
    call('POST /api/admin/accounts/:id/reset-password', { params: id(account) }),
  setDisabled: (account: number, disabled: boolean) =>
    call('POST /api/admin/accounts/:id/disabled', { params: id(account), body: { disabled } }),
  impact: (account: number) => call('GET /api/admin/accounts/:id/impact', { params: id(account) }),
  deleteAccount: (account: number) => call('DELETE /api/admin/accounts/:id', { params: id(account) }),
  invitations: (signal?: AbortSignal) => call('GET /api/admin/invitations', {}, { signal }),
  createInvitation: (note: string, days: number) =>
    call('POST /api/admin/invitations', { body: { note: note || undefined, days } }),
  revokeInvitation: (invitation: number) =>
    call('POST /api/admin/invitations/:id/revoke', { params: id(invitation) }),
  health: (signal?: AbortSignal) => call('GET /api/admin/health', {}, { signal }),
  purgeCache: (cache: 'transcodes' | 'covers') => call('POST /api/admin/caches/purge', { body: { cache } }),
  reviews: (page: number, q: string, hidden: boolean | undefined, signal?: AbortSignal) =>
    call(
      'GET /api/admin/reviews',
      { query: { page, pageSize: CONSOLE_PAGE_SIZE, q: q || undefined, hidden } },
      { signal },
    ),
  hideReview: (userId: number, workId: number, hidden: boolean) =>
    call('POST /api/admin/reviews/hide', { body: { userId, workId, hidden } }),
  deleteReview: (userId: number, workId: number) =>
    call('POST /api/admin/reviews/delete', { body: { userId, workId } }),
  removeWorkTag: (workId: number, tagId: number) =>
    call('POST /api/admin/works/tags/remove', { body: { workId, tagId } }),
};
