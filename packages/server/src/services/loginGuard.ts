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
 * An attempt claims its slots in the address and name-and-address counters before it runs, so
 * concurrent attempts never overrun a limit; a success gives the address slot back. The counters
 * live in a `LoginLimitStore`: in memory on SQLite (one process), in the database on PostgreSQL,
 * shared by every instance (docs/security.md, "Sign-in limits").
 */
import type { LoginLimitStore } from './loginLimitStore.ts';
import type { LimitResult } from './rateLimit.ts';

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

const ALLOWED: LimitResult = { allowed: true, retryAfter: 0 };

const keys = {
  address: (address: string) => `a\n${address}`,
  pair: (name: string, address: string) => `p\n${name}\n${address}`,
  name: (name: string) => `n\n${name}`,
  known: (name: string, address: string) => `k\n${name}\n${address}`,
};

export class LoginGuard {
  private lastSweep = 0;

  constructor(private readonly store: LoginLimitStore) {}

  /**
   * Claims an attempt on `name` from `address`, or refuses it (nothing counted). `name` is the
   * normalised name, or null when the name is exempt (the guest account, whose password is
   * public). An allowed attempt must end in `fail` or `succeed`.
   */
  async begin(name: string | null, address: string, now = Date.now()): Promise<LimitResult> {
    await this.sweep(now);
    if (name !== null) {
      const b = await this.backoff(name, address, now);
      if (!b.allowed) return b;
    }
    const { windowMs, perAddress, perNameAndAddress } = LOGIN_GUARD;
    const a = await this.store.claim(keys.address(address), perAddress, windowMs, now);
    if (!a.allowed || name === null) return a;
    const p = await this.store.claim(keys.pair(name, address), perNameAndAddress, windowMs, now);
    if (!p.allowed) await this.store.release(keys.address(address));
    return p;
  }

  /** A failed attempt (or one that must always count, like a reset request): the name backs off. */
  async fail(name: string | null, _address: string, now = Date.now()): Promise<void> {
    if (name === null) return;
    const c = await this.store.bump(keys.name(name), LOGIN_GUARD.windowMs, now);
    const over = c.count - LOGIN_GUARD.backoffAfter;
    if (over >= 0) {
      const wait = Math.min(LOGIN_GUARD.backoffMaxMs, 1000 * 2 ** Math.min(over, 16));
      await this.store.holdUntil(keys.name(name), now + wait);
    }
  }

  /** A successful sign-in: this address is known to the name and its failures on it are forgiven. */
  async succeed(name: string | null, address: string, now = Date.now()): Promise<void> {
    await this.store.release(keys.address(address));
    if (name === null) return;
    await this.store.remove(keys.pair(name, address));
    await this.store.mark(keys.known(name, address), now + LOGIN_GUARD.knownForMs);
  }

  private async backoff(name: string, address: string, now: number): Promise<LimitResult> {
    const s = await this.store.read(keys.name(name), now);
    if (!s || s.nextTryAt <= now) return ALLOWED;
    if (await this.store.read(keys.known(name, address), now)) return ALLOWED;
    return { allowed: false, retryAfter: Math.ceil((s.nextTryAt - now) / 1000) };
  }

  // Drop finished windows now and then so the counters stay few.
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < LOGIN_GUARD.windowMs) return;
    this.lastSweep = now;
    await this.store.sweep(now);
  }
}
