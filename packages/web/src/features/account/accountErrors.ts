/**
 * Messages of the account dialogs, shown inside the dialog next to the field they concern. The
 * server's texts the shared catalogue does not know (wrong current password, a wrong code with
 * the tries left, rate limits) get their own words here.
 */
import type { TFunction } from 'i18next';
import { ApiError, errorText } from '../../shared/api/errors.ts';

const OWN: [RegExp, string][] = [
  [/current password is incorrect/i, 'auth.account.wrongPassword'],
  [/too many (login attempts|requests)/i, 'auth.account.tooMany'],
  [/no email is linked/i, 'auth.mail.noneLinked'],
  [/valid email/i, 'auth.invalidEmail'],
  [/must bind email first/i, 'auth.reset.noEmail'],
  [/guest cannot change password/i, 'auth.account.guestPassword'],
];

export function accountErrorText(err: unknown, t: TFunction): string | null {
  if (err instanceof ApiError && err.serverMessage) {
    if (/not verified yet/i.test(err.serverMessage)) {
      const left = (err.body as { details?: { attemptsLeft?: number } } | null)?.details?.attemptsLeft;
      return typeof left === 'number'
        ? t('auth.mail.wrongCode', { count: left })
        : t('errors.notVerifiedYet', { attempt: 1 });
    }
    for (const [re, key] of OWN) if (re.test(err.serverMessage)) return t(key);
  }
  return errorText(err, t);
}

/** The verification is gone (expired, used or out of tries): the flow starts again. */
export const isExpiredVerification = (err: unknown) =>
  err instanceof ApiError && /verif\w* id.*expired/i.test(err.serverMessage ?? '');
