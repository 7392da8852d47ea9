/** The console's calls (contract: routes/console.ts), typed by the route table. */
import type { EndpointBody, EndpointQuery } from '@sasayaki/contract';
import { call, signedUrlOf } from '../../shared/api/client.ts';

export type {
  AccountImpact,
  AuditEntry,
  ConsoleAccount,
  HealthReport,
  Invitation,
  ModeratedReview,
  SettingInfo,
  SubtitleContribution,
} from '@sasayaki/contract';

export const CONSOLE_PAGE_SIZE = 20;

const id = (n: number) => ({ id: String(n) });
/** A list's page: a refusal is shown by the list itself (kit/ConsoleList.tsx), not as a notice too. */
const listed = (signal: AbortSignal | undefined) => ({ signal, silent: true });

export const consoleApi = {
  accountSessions: (account: number, signal?: AbortSignal) =>
    call('GET /api/admin/accounts/:id/sessions', { params: { id: String(account) } }, { signal }),
  endAccountSessions: (account: number) =>
    call('DELETE /api/admin/accounts/:id/sessions', { params: { id: String(account) } }),
  backups: (signal?: AbortSignal) => call('GET /api/admin/backups', {}, { signal }),
  backUpNow: () => call('POST /api/admin/backups', {}),
  deleteBackup: (name: string) => call('DELETE /api/admin/backups/:name', { params: { name } }),
  backupUrl: (name: string) => signedUrlOf('GET /api/admin/backups/:name', { params: { name } }),
  settings: (signal?: AbortSignal) => call('GET /api/admin/settings', {}, { signal }),
  updateSettings: (changes: EndpointBody<'PUT /api/admin/settings'>['changes']) =>
    call('PUT /api/admin/settings', { body: { changes } }),
  testMail: (to: string) => call('POST /api/admin/settings/test-mail', { body: { to } }),
  audit: (query: EndpointQuery<'GET /api/admin/audit'>, signal?: AbortSignal) =>
    call('GET /api/admin/audit', { query }, listed(signal)),
  accounts: (query: EndpointQuery<'GET /api/admin/accounts'>, signal?: AbortSignal) =>
    call('GET /api/admin/accounts', { query }, listed(signal)),
  setGroup: (account: number, group: EndpointBody<'POST /api/admin/accounts/:id/group'>['group']) =>
    call('POST /api/admin/accounts/:id/group', { params: id(account), body: { group } }),
  resetPassword: (account: number) =>
    call('POST /api/admin/accounts/:id/reset-password', { params: id(account) }),
  setDisabled: (account: number, disabled: boolean) =>
    call('POST /api/admin/accounts/:id/disabled', { params: id(account), body: { disabled } }),
  impact: (account: number) => call('GET /api/admin/accounts/:id/impact', { params: id(account) }),
  deleteAccount: (account: number) => call('DELETE /api/admin/accounts/:id', { params: id(account) }),
  subtitleQueue: (signal?: AbortSignal) => call('GET /api/admin/subtitles', { query: {} }, { signal }),
  subtitleText: (subtitle: number) => call('GET /api/subtitles/:id/text', { params: id(subtitle) }),
  acceptSubtitle: (subtitle: number, text?: string) =>
    call('POST /api/admin/subtitles/:id/accept', { params: id(subtitle), body: { text } }),
  rejectSubtitle: (subtitle: number, reason: string) =>
    call('POST /api/admin/subtitles/:id/reject', { params: id(subtitle), body: { reason } }),
  invitations: (signal?: AbortSignal) => call('GET /api/admin/invitations', {}, { signal }),
  createInvitation: (note: string, days: number) =>
    call('POST /api/admin/invitations', { body: { note: note || undefined, days } }),
  revokeInvitation: (invitation: number) =>
    call('POST /api/admin/invitations/:id/revoke', { params: id(invitation) }),
  health: (signal?: AbortSignal) => call('GET /api/admin/health', {}, { signal }),
  purgeCache: (cache: EndpointBody<'POST /api/admin/caches/purge'>['cache']) =>
    call('POST /api/admin/caches/purge', { body: { cache } }),
  reviews: (query: EndpointQuery<'GET /api/admin/reviews'>, signal?: AbortSignal) =>
    call('GET /api/admin/reviews', { query }, listed(signal)),
  hideReview: (review: EndpointBody<'POST /api/admin/reviews/hide'>) =>
    call('POST /api/admin/reviews/hide', { body: review }),
  deleteReview: (review: EndpointBody<'POST /api/admin/reviews/delete'>) =>
    call('POST /api/admin/reviews/delete', { body: review }),
  removeWorkTag: (workId: number, tagId: number) =>
    call('POST /api/admin/works/tags/remove', { body: { workId, tagId } }),
};
