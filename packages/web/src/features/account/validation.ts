import { LIMITS } from '@sasayaki/contract';

/** A failed rule: the message key of docs/product.md §5 and its parameters. */
export interface RuleError {
  key: string;
  params?: Record<string, unknown>;
}

export function checkUsername(name: string): RuleError | null {
  return name.trim().length < LIMITS.usernameMin
    ? { key: 'auth.usernameLengthNotEnough', params: { n: LIMITS.usernameMin } }
    : null;
}

export function checkPassword(password: string): RuleError | null {
  return password.length < LIMITS.passwordMin
    ? { key: 'auth.passwordLengthNotEnough', params: { n: LIMITS.passwordMin } }
    : null;
}

export function checkRepeat(password: string, repeat: string): RuleError | null {
  return password !== repeat ? { key: 'auth.repeatPasswordNotMatch' } : null;
}

export function checkEmail(email: string): RuleError | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? null : { key: 'auth.invalidEmail' };
}

/** A mailed verification code: six digits. */
export const CODE_PATTERN = /^\d{6}$/;
