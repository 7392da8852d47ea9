/**
 * App passwords: per-device secrets for music apps on the Subsonic API (subsonic/README.md).
 * Subsonic's token sign-in sends md5(secret + salt), so the server must read the secret back:
 * it is stored encrypted (AES-256-GCM) under a key derived from the server's own secret
 * (auth/secret.ts), never in the clear, with its SHA-256 beside it so an `apiKey` finds its row.
 * The owner sees a secret once, when it is made; revoking deletes the row.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { type AppPassword, LIMITS } from '@sasayaki/contract';
import { type AccountPrincipal, requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import { loadJwtSecret } from '../auth/secret.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { AppPasswordRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import {
  appPasswordByHash,
  appPasswordsOfUser,
  countAppPasswords,
  deleteAppPassword,
  insertAppPassword,
  touchAppPassword,
} from '../repositories/appPasswords.ts';

type Ctx = { config: Config; db: Db };

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The encryption key of this server: HKDF of its token secret, for this one purpose. */
function keyOf(ctx: Ctx): Promise<Buffer> {
  let key = keys.get(ctx.db);
  if (!key) {
    key = loadJwtSecret(ctx.config, ctx.db).then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'sasayaki', 'app passwords v1', 32)),
    );
    keys.set(ctx.db, key);
  }
  return key;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

function encrypt(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The secret of a row, or null when it was sealed under another key (the server secret changed). */
function decrypt(key: Buffer, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const appPasswordView = (row: AppPasswordRow): AppPassword => ({
  id: Number(row.id),
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

/** The viewer, who manages their own app passwords (never the shared guest account). */
function manager(viewer: Principal): AccountPrincipal {
  const me = requireAccount(viewer);
  requireAccess(me, 'appPassword.manage');
  return me;
}

export async function listAppPasswords(ctx: Ctx, viewer: Principal): Promise<AppPassword[]> {
  return (await appPasswordsOfUser(ctx.db, manager(viewer).id)).map(appPasswordView);
}

export async function createAppPassword(
  ctx: Ctx,
  viewer: Principal,
  rawName: string,
): Promise<{ appPassword: AppPassword; secret: string }> {
  const userId = manager(viewer).id;
  const name = rawName.trim();
  const max = LIMITS.appPasswordName;
  if (name.length < 1 || name.length > max) throw fail('APP_PASSWORD_NAME', { max });
  const key = await keyOf(ctx);
  // 24 random bytes: 32 characters a phone keyboard can type, and far beyond guessing.
  const secret = randomBytes(24).toString('base64url');
  const row = { user_id: userId, name, created_at: Date.now() };
  const id = await ctx.db.transaction().execute(async (tx) => {
    if ((await countAppPasswords(tx, userId)) >= LIMITS.appPasswordsPerUser) {
      throw fail('APP_PASSWORDS_TOO_MANY', { max: LIMITS.appPasswordsPerUser });
    }
    return insertAppPassword(tx, {
      ...row,
      secret_enc: encrypt(key, secret),
      secret_hash: hashSecret(secret),
    });
  });
  return { appPassword: { id, name, createdAt: row.created_at, lastUsedAt: null }, secret };
}

export async function revokeAppPassword(ctx: Ctx, viewer: Principal, id: number): Promise<void> {
  if ((await deleteAppPassword(ctx.db, manager(viewer).id, id)) === 0) throw fail('APP_PASSWORD_NOT_FOUND');
}

/** A user's app passwords with their secrets, for checking a Subsonic token. */
export async function appPasswordSecrets(
  ctx: Ctx,
  userId: number,
): Promise<{ id: number; secret: string; lastUsedAt: number | null }[]> {
  const key = await keyOf(ctx);
  const out: { id: number; secret: string; lastUsedAt: number | null }[] = [];
  for (const row of await appPasswordsOfUser(ctx.db, userId)) {
    const secret = decrypt(key, row.secret_enc);
    if (secret !== null) out.push({ id: Number(row.id), secret, lastUsedAt: row.last_used_at });
  }
  return out;
}

/** The app password whose secret this is (an apiKey, or a password typed into an app). */
export async function appPasswordBySecret(ctx: Ctx, secret: string): Promise<AppPasswordRow | undefined> {
  return appPasswordByHash(ctx.db, hashSecret(secret));
}

/** How stale "last used" may be: written at most once a minute per app password. */
const TOUCH_EVERY_MS = 60_000;

export async function markAppPasswordUsed(ctx: Ctx, id: number, lastUsedAt: number | null): Promise<void> {
  const now = Date.now();
  if (lastUsedAt !== null && now - Number(lastUsedAt) < TOUCH_EVERY_MS) return;
  await touchAppPassword(ctx.db, id, now);
}
