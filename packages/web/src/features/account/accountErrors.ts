/**
 * Messages of the account dialogs, shown inside the dialog next to the field they concern: the
 * shared catalogue's words, except that a wrong code says how many tries are left.
 */

import { ApiError, errorText } from '../../shared/api/errors.ts';
import type { TFunction } from '../../shared/i18n/index.ts';

export function accountErrorText(err: unknown, t: TFunction): string | null {
  if (err instanceof ApiError && err.code === 'NOT_VERIFIED') {
    const left = (err.body as { details?: { attemptsLeft?: number } } | null)?.details?.attemptsLeft;
    if (typeof left === 'number') return t('auth.mail.wrongCode', { count: left });
  }
  return errorText(err, t);
}

/** The verification is gone (expired, used or out of tries): the flow starts again. */
export const isExpiredVerification = (err: unknown) =>
  err instanceof ApiError && err.code === 'VERIFY_EXPIRED';
