/**
 * Limits on password guessing that an attacker cannot turn against the account's owner.
 *
 * - Per address: failures of one address across all names (stops one client sweeping names).
 * - Per name and address: failures of one address on one name. Counting per name alone would let
 *   anyone lock the owner out by failing ten times from elsewhere.
 * - Per name, from everywhere: past a threshold of failures in the window, the name backs off:
 *   each further failure doubles the wait before the next try (capped), which bounds guessing
 *   spread over many addresses. Addresses that signed in to the name recently skip the backoff, so
 *   an attack never keeps the owner out from where they usually sign in.
 *
 * In memory, per process, like the other limiters (docs/security.md).
 */
import { type LimitResult, WindowLimiter } from './rateLimit.ts';

export const LOGIN_GUARD = {
  windowMs: 15 * 60_000,
  perAddress: 30,
  perNameAndAddress: 10,
  /** Failures of one name from anywhere before it starts backing off. */
  backoffAfter: 20,
  backoffMaxMs: 60_000,
  /** How long a successful sign-in makes an address known to a name. */
  knownForMs: 30 * 24 * 3600_000,
} as const;

interface NameState {
  failures: number;
  windowEnd: number;
  nextTryAt: number;
}

const ALLOWED: LimitResult = { allowed: true, retryAfter: 0 };

export class LoginGuard {
  private readonly byAddress = new WindowLimiter(LOGIN_GUARD.perAddress, LOGIN_GUARD.windowMs);
  private readonly byNameAndAddress = new WindowLimiter(LOGIN_GUARD.perNameAndAddress, LOGIN_GUARD.windowMs);
  private readonly names = new Map<string, NameState>();
  private readonly known = new Map<string, number>();
  private lastSweep = 0;

  /**
   * Whether an attempt on `name` from `address` may go ahead. `name` is the normalised name, or
   * null when the name is exempt (the guest account, whose password is public).
   */
  check(name: string | null, address: string, now = Date.now()): LimitResult {
    const results = [this.byAddress.check(address, now)];
    if (name !== null) {
      results.push(this.byNameAndAddress.check(pair(name, address), now));
      results.push(this.backoff(name, address, now));
    }
    const refused = results.filter((r) => !r.allowed);
    if (refused.length === 0) return ALLOWED;
    return { allowed: false, retryAfter: Math.max(...refused.map((r) => r.retryAfter)) };
  }

  /** Counts a failed attempt (or any attempt that must always count, like a reset request). */
  fail(name: string | null, address: string, now = Date.now()): void {
    this.sweep(now);
    this.byAddress.hit(address, now);
    if (name === null) return;
    this.byNameAndAddress.hit(pair(name, address), now);
    let s = this.names.get(name);
    if (!s || s.windowEnd <= now) {
      s = { failures: 0, windowEnd: now + LOGIN_GUARD.windowMs, nextTryAt: 0 };
      this.names.set(name, s);
    }
    s.failures += 1;
    const over = s.failures - LOGIN_GUARD.backoffAfter;
    if (over >= 0) {
      const wait = Math.min(LOGIN_GUARD.backoffMaxMs, 1000 * 2 ** Math.min(over, 16));
      s.nextTryAt = now + wait;
      s.windowEnd = Math.max(s.windowEnd, s.nextTryAt);
    }
  }

  /** A successful sign-in: this address is known to the name and its failures on it are forgiven. */
  succeed(name: string, address: string, now = Date.now()): void {
    this.byNameAndAddress.reset(pair(name, address));
    this.known.set(pair(name, address), now + LOGIN_GUARD.knownForMs);
  }

  private backoff(name: string, address: string, now: number): LimitResult {
    const s = this.names.get(name);
    if (!s || s.nextTryAt <= now) return ALLOWED;
    if ((this.known.get(pair(name, address)) ?? 0) > now) return ALLOWED;
    return { allowed: false, retryAfter: Math.ceil((s.nextTryAt - now) / 1000) };
  }

  // Drop finished windows and expired known addresses now and then so the maps stay small.
  private sweep(now: number): void {
    if (now - this.lastSweep < LOGIN_GUARD.windowMs) return;
    this.lastSweep = now;
    for (const [k, s] of this.names) if (s.windowEnd <= now) this.names.delete(k);
    for (const [k, until] of this.known) if (until <= now) this.known.delete(k);
  }
}

const pair = (name: string, address: string) => `${name}\n${address}`;
