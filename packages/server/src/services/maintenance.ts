/**
 * Maintenance that closes (docs/console.md, "Settings"): with the site setting `maintenance` on,
 * the web app shows the operator's notice (with "force enter"); with `maintenanceClosed` on as
 * well, every /api and /rest call of anyone but an administrator is refused with 503, the
 * operator's message and `Retry-After` — streams, covers and Subsonic players included. What
 * stays open: the health check (it says so), signing in and the first-run screen, so an
 * administrator can still reach the console.
 */
import { decide } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { fail, type HttpError } from '../errors.ts';

/** Seconds a refused client is asked to wait before trying again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** Paths a closed site still answers for everyone (prefix match on the path). */
const OPEN_PATHS = [
  '/api/health',
  '/api/version',
  '/api/auth/me',
  '/api/auth/logout',
  '/api/me',
  '/api/setup',
];

/** The operator's message as plain text (the notice is HTML); the catalogue's words when empty. */
export function maintenanceText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return text.slice(0, 2000);
}

/** Whether the site is closed now (maintenance on, at the closed level). */
export function siteClosed(ctx: Pick<AppContext, 'settings'>): boolean {
  return ctx.settings.get('maintenance') && ctx.settings.get('maintenanceClosed');
}

/**
 * The refusal a call gets while the site is closed, or null when it may go on: administrators
 * always may, and the open paths (health, sign-in, first run) answer everyone.
 */
export function closedRefusal(
  ctx: Pick<AppContext, 'settings'>,
  viewer: Principal,
  path: string,
): HttpError | null {
  if (!siteClosed(ctx)) return null;
  if (decide(viewer, 'admin').ok) return null;
  if (OPEN_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`))) return null;
  const err = fail('MAINTENANCE');
  const text = maintenanceText(ctx.settings.get('maintenanceHtml'));
  if (text) err.message = text;
  return err;
}
