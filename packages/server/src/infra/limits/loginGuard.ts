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
 * An attempt claims its slots in all three counters before the password is checked, each with one
 * atomic check-and-count, so concurrent attempts never overrun a limit or all slip past a backoff
 * that the first of them starts; a success gives its address and name slots back. The counters
 * live in the one `CounterStore` (counterStore.ts): in memory on SQLite (one process), in the
 * database on PostgreSQL,
 * shared by every instance (docs/security.md, "Sign-in limits").
 */
import type { BackoffPolicy, CounterStore, LimitResult } from './counterStore.ts';

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

const BACKOFF: BackoffPolicy = {
  windowMs: LOGIN_GUARD.windowMs,
  after: LOGIN_GUARD.backoffAfter,
  maxWaitMs: LOGIN_GUARD.backoffMaxMs,
};

// Apart from the window limiters' keys (rateLimit.ts: `<limit name>\n<key>`) by their prefix.
const keys = {
  address: (address: string) => `login-address\n${address}`,
  pair: (name: string, address: string) => `login-pair\n${name}\n${address}`,
  name: (name: string) => `login-name\n${name}`,
  known: (name: string, address: string) => `login-known\n${name}\n${address}`,
};

export class LoginGuard {
  private lastSweep = 0;

  constructor(private readonly store: CounterStore) {}

  /**
   * Claims an attempt on `name` from `address`, or refuses it (nothing counted). `name` is the
   * normalised name, or null when the name is exempt (the guest account, whose password is
   * public). An allowed attempt is counted as a failure unless `succeed` gives it back.
   */
  async begin(name: string | null, address: string, now = Date.now()): Promise<LimitResult> {
    await this.sweep(now);
    const { windowMs, perAddress, perNameAndAddress } = LOGIN_GUARD;
    const a = await this.store.claim(keys.address(address), perAddress, windowMs, now);
    if (!a.allowed || name === null) return a;
    const p = await this.store.claim(keys.pair(name, address), perNameAndAddress, windowMs, now);
    if (!p.allowed) {
      await this.store.release(keys.address(address));
      return p;
    }
    // Where the owner signed in before, the backoff does not apply (the attempt still counts).
    const known = (await this.store.read(keys.known(name, address), now)) !== undefined;
    const b = await this.store.claimBackoff(keys.name(name), BACKOFF, now, known);
    if (!b.allowed) {
      await this.store.release(keys.pair(name, address));
      await this.store.release(keys.address(address));
    }
    return b;
  }

  /** A successful sign-in: this address is known to the name and its failures on it are forgiven. */
  async succeed(name: string | null, address: string, now = Date.now()): Promise<void> {
    await this.store.release(keys.address(address));
    if (name === null) return;
    await this.store.release(keys.name(name), LOGIN_GUARD.backoffAfter);
    await this.store.remove(keys.pair(name, address));
    await this.store.mark(keys.known(name, address), now + LOGIN_GUARD.knownForMs);
  }

  // Drop finished windows now and then so the counters stay few.
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < LOGIN_GUARD.windowMs) return;
    this.lastSweep = now;
    await this.store.sweep(now);
  }
}
