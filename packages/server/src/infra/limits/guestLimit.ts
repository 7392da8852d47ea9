/**
 * The shared guest account's request limit: `guestRateLimit` requests a minute (a site setting,
 * read at each request) per guest session's address. The web API (http/authPlugin.ts) and the
 * Subsonic API (subsonic/auth.ts) take from the same allowance, counted across instances on
 * PostgreSQL (docs/security.md, "Request limits").
 */
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/connect.ts';
import { counterStoreFor, type LimitResult, WindowLimiter } from './rateLimit.ts';

/** The one site setting the guest limit reads (siteSettings.ts holds it). */
interface GuestSettings {
  get(key: 'guestRateLimit'): number;
}

const ALLOWED: LimitResult = { allowed: true, retryAfter: 0 };

export class GuestLimit {
  private readonly limiter: WindowLimiter;

  constructor(db: Db, settings: GuestSettings) {
    this.limiter = new WindowLimiter(
      counterStoreFor(db),
      'guest',
      () => settings.get('guestRateLimit'),
      60_000,
    );
  }

  /** Counts a request of the guest account from `address`; any other caller is not limited here. */
  take(principal: Principal, address: string): Promise<LimitResult> {
    if (principal.kind !== 'account' || principal.group !== 'guest') return Promise.resolve(ALLOWED);
    return this.limiter.take(`${principal.id}\n${address}`);
  }
}
