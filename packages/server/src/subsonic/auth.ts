/**
 * Who is calling /rest, by every form Subsonic players sign in with:
 *   u + t + s     token: t = md5(secret + s), the secret being one of the user's app passwords
 *                 (the account password is stored as a one-way hash, so it cannot sign tokens);
 *   u + p         the password in clear or as `enc:<hex>`: an app password, or the account's own
 *                 password checked against its hash;
 *   apiKey        an app password alone (OpenSubsonic `apiKeyAuthentication`);
 *   nothing       an anonymous visitor, who gets what the web app gives one.
 * Attempts go through the same limits as the web's login (infra/limits/loginGuard.ts); the answer to
 * a refused or failed attempt is a Subsonic error (40, 41, 43, 44). The guest account is the
 * web's guest: the same rate limit applies.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS, type Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { counterStoreFor } from '../infra/limits/counterStore.ts';
import { GuestLimit } from '../infra/limits/guestLimit.ts';
import { LoginGuard } from '../infra/limits/loginGuard.ts';
import { nameKey } from '../names.ts';
import { appPasswordBySecret, appPasswordSecrets, markAppPasswordUsed } from '../services/appPasswords.ts';
import {
  findUserById,
  findUserByName,
  GUEST_NAME,
  groupOf,
  noteLastSeen,
  type UserRow,
  verifyPassword,
} from '../services/users.ts';
import type { Params } from './params.ts';
import { ERROR, notAuthorized, SubsonicError } from './protocol.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const wrong = () => new SubsonicError(ERROR.WRONG_CREDENTIALS, 'Wrong username or password');

/** `p` as sent: clear text, or `enc:` and the UTF-8 bytes in hex. */
export function decodePassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw wrong();
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * Account passwords that verified lately, by a digest of the account, its stored hash and the
 * password: players send `p` with every request, and an argon2 check each time would cost more
 * than the request. A new password changes the stored hash, which retires the entry.
 */
class VerifiedPasswords {
  private readonly until = new Map<string, number>();
  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 2000,
  ) {}
  private key = (row: UserRow, password: string) => sha256(`${row.id}\0${row.password_hash}\0${password}`);
  has(row: UserRow, password: string, now = Date.now()): boolean {
    const k = this.key(row, password);
    const t = this.until.get(k);
    if (t === undefined) return false;
    if (t > now) return true;
    this.until.delete(k);
    return false;
  }
  add(row: UserRow, password: string, now = Date.now()): void {
    if (this.until.size >= this.max) this.until.delete(this.until.keys().next().value as string);
    this.until.set(this.key(row, password), now + this.ttlMs);
  }
}

export class SubsonicAuth {
  private readonly guard: LoginGuard;
  private readonly guestLimit: GuestLimit;
  private readonly verified = new VerifiedPasswords();

  constructor(private readonly ctx: AppContext) {
    this.guard = new LoginGuard(counterStoreFor(ctx.db));
    this.guestLimit = new GuestLimit(ctx.db, ctx.settings);
  }

  async principalOf(req: FastifyRequest, params: Params): Promise<Principal> {
    const apiKey = params.str('apiKey');
    const u = params.str('u');
    const hasSecret = params.has('p') || params.has('t') || params.has('s');
    if (apiKey !== undefined) {
      if (u !== undefined || hasSecret) {
        throw new SubsonicError(ERROR.CONFLICTING_MECHANISMS, 'Send apiKey alone, without u, p, t or s');
      }
      return this.signedIn(await this.attempt(null, req.ip, () => this.byApiKey(apiKey)), req.ip);
    }
    if (u === undefined || u === '') {
      if (hasSecret) throw new SubsonicError(ERROR.MISSING_PARAMETER, 'Required parameter is missing: u');
      return ANONYMOUS;
    }
    const t = params.str('t');
    const s = params.str('s');
    const p = params.str('p');
    if (t === undefined && p === undefined) {
      throw new SubsonicError(ERROR.MISSING_PARAMETER, 'Required parameter is missing: p or t and s');
    }
    if (t !== undefined && s === undefined) {
      throw new SubsonicError(ERROR.MISSING_PARAMETER, 'Required parameter is missing: s');
    }
    const key = nameKey(u);
    const guarded = key === GUEST_NAME ? null : key;
    const row = await this.attempt(guarded, req.ip, async () => {
      const user = await findUserByName(this.ctx.db, u.trim());
      if (t !== undefined) return this.byToken(user, t.toLowerCase(), s as string);
      return this.byPassword(user, decodePassword(p as string));
    });
    return this.signedIn(row, req.ip);
  }

  /** Runs a sign-in under the login limits: refused while limited, counted unless it succeeds. */
  private async attempt(name: string | null, ip: string, check: () => Promise<UserRow>): Promise<UserRow> {
    const r = await this.guard.begin(name, ip);
    if (!r.allowed) {
      throw new SubsonicError(
        ERROR.WRONG_CREDENTIALS,
        `Too many failed sign-ins: try again in ${r.retryAfter} seconds`,
      );
    }
    const row = await check();
    await this.guard.succeed(name, ip);
    return row;
  }

  private async byApiKey(apiKey: string): Promise<UserRow> {
    const found = apiKey ? await appPasswordBySecret(this.ctx, apiKey) : undefined;
    const user = found ? await findUserById(this.ctx.db, found.user_id) : undefined;
    if (!found || !user) throw new SubsonicError(ERROR.INVALID_API_KEY, 'Invalid API key');
    await markAppPasswordUsed(this.ctx, Number(found.id), found.last_used_at);
    return user;
  }

  private async byToken(user: UserRow | undefined, token: string, salt: string): Promise<UserRow> {
    if (!user) throw wrong();
    const secrets = await appPasswordSecrets(this.ctx, user.id);
    if (secrets.length === 0) {
      throw new SubsonicError(
        ERROR.TOKEN_NOT_SUPPORTED,
        'Token sign-in needs an app password: make one in the account settings of the web app, or send p',
      );
    }
    const match = secrets.find((a) => sameText(md5(a.secret + salt), token));
    if (!match) throw wrong();
    await markAppPasswordUsed(this.ctx, match.id, match.lastUsedAt);
    return user;
  }

  private async byPassword(user: UserRow | undefined, password: string): Promise<UserRow> {
    if (!user) throw wrong();
    const app = await appPasswordBySecret(this.ctx, password);
    if (app && app.user_id === user.id) {
      await markAppPasswordUsed(this.ctx, Number(app.id), app.last_used_at);
      return user;
    }
    if (this.verified.has(user, password)) return user;
    if (!(await verifyPassword(user.password_hash, password))) throw wrong();
    this.verified.add(user, password);
    return user;
  }

  private async signedIn(row: UserRow, ip: string): Promise<Principal> {
    // Disabled in the console: refused at once, whatever credentials it came with.
    if (row.disabled_at !== null) throw notAuthorized('This account is disabled');
    await noteLastSeen(this.ctx, row);
    const principal: Principal = { kind: 'account', id: row.id, name: row.name, group: groupOf(row) };
    const r = await this.guestLimit.take(principal, ip);
    if (!r.allowed) {
      throw new SubsonicError(ERROR.GENERIC, `Too many requests: try again in ${r.retryAfter} seconds`);
    }
    return principal;
  }
}
