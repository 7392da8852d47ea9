/**
 * An administrator's calls on the site settings (siteSettings.ts holds the registry and its
 * validation): reading them, changing them from the console or through the older
 * maintenance and registration switches, and a test mail. Each asks access.ts for `admin`, and
 * each change goes into the audit log once it succeeded.
 */
import type { SettingInfo } from '@sasayaki/contract';
import { requireAccess } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { fail } from '../errors.ts';
import { mailerOf, sendMail } from '../infra/mail.ts';
import type { SettingKey } from '../siteSettings.ts';
import { normalizeEmail } from './accounts.ts';
import { recordAudit } from './audit.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'settings'>;

export function settingsFor(ctx: Ctx, viewer: Principal): SettingInfo[] {
  requireAccess(viewer, 'admin');
  return ctx.settings.view();
}

/** Validates every change before writing any; the audit entry names the settings changed. */
export async function updateSettings(
  ctx: Ctx,
  viewer: Principal,
  changes: Partial<Record<SettingKey, unknown>>,
): Promise<void> {
  requireAccess(viewer, 'admin');
  const details = await ctx.settings.write(changes);
  await recordAudit(ctx.db, viewer, {
    action: 'settings.update',
    target: Object.keys(details).join(', '),
    details,
  });
}

/** The maintenance message `/api/health` answers with, or none (null or blank HTML). */
export async function setMaintenance(ctx: Ctx, viewer: Principal, html: string | null): Promise<boolean> {
  const on = !!html?.trim();
  await updateSettings(
    ctx,
    viewer,
    on ? { maintenance: true, maintenanceHtml: html } : { maintenance: null },
  );
  return on;
}

/** Opens or closes registration, or (null) leaves it to the configuration. */
export async function setRegistration(ctx: Ctx, viewer: Principal, enabled: boolean | null): Promise<void> {
  requireAccess(viewer, 'admin');
  if (enabled !== null && typeof enabled !== 'boolean') throw fail('REGISTRATION_SETTING_INVALID');
  await updateSettings(ctx, viewer, { registrationEnabled: enabled });
}

/** Sends a test mail with the mail settings in effect; a failure answers MAIL_FAILED with its reason. */
export async function sendTestMail(ctx: Ctx, viewer: Principal, rawTo: string): Promise<void> {
  requireAccess(viewer, 'admin');
  const to = normalizeEmail(rawTo);
  try {
    await sendMail(mailerOf(ctx.config, ctx.settings), {
      to,
      subject: 'Sasayaki: test mail',
      text: `This is a test mail sent from the administrator's console by "${viewer.kind === 'account' ? viewer.name : ''}".\nThe mail settings work.\n`,
    });
  } catch (err) {
    throw fail('MAIL_FAILED', { reason: (err as Error).message.slice(0, 200) });
  }
  await recordAudit(ctx.db, viewer, { action: 'settings.test-mail', target: to });
}
