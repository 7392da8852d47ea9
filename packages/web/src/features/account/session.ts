/** Login, registration, logout and the start-up session check (docs/product.md §4, §7.1). */
import type { AuthAnswer, Playlist, User } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { getSettings, useSettings } from '../../shared/settings/store.ts';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { clearSession, getToken, rememberedUser, setSession, setUser, useAuth } from './store.ts';

/** On start: the registration flag and, with a stored token, the current user. */
export async function bootstrapSession(): Promise<void> {
  try {
    const me = await call('GET /api/auth/me', {}, { silent: true });
    useAuth.setState({ reg: me.reg === true });
    if (getToken()) {
      if (me.user?.loggedIn) setUser(me.user);
      else clearSession();
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearSession();
    else if (!(err instanceof ApiError) && getToken()) {
      // No answer (offline, server away): the listener stays who they were, so what they do now
      // (positions, history) is kept for their account and sent when the server is back.
      const user = rememberedUser();
      if (user) setUser(user);
    }
    const reg = await call('GET /api/auth/reg', {}, { silent: true }).catch(() => null);
    useAuth.setState({ reg: reg?.reg === true });
  } finally {
    // Unreachable server or not: the stored token is no longer "being checked".
    useAuth.setState({ checking: false });
  }
}

export async function login(name: string, password: string): Promise<void> {
  const answer = await call('POST /api/auth/me', { body: { name, password } }, { auth: false });
  afterAuth(answer);
  notify({ type: 'positive', message: i18n.t('auth.loginSuccess', { name: answer.user.name }) });
}

export async function register(name: string, password: string): Promise<void> {
  const answer = await call(
    'POST /api/auth/reg',
    { body: { name, password, recommenderUuid: getSettings().recommenderUuid } },
    { auth: false },
  );
  afterAuth(answer);
  notify({ type: 'positive', message: i18n.t('auth.registerSuccess', { name: answer.user.name }) });
}

/** Mails a reset code to the email linked to the account named (or to this email). */
export async function requestPasswordReset(nameOrEmail: string): Promise<string> {
  const who = nameOrEmail.trim();
  const r = await call(
    'POST /api/auth/reset-password/request',
    { body: who.includes('@') ? { email: who } : { name: who } },
    { auth: false, silent: true },
  );
  return r.verifyId;
}

/** Sets the new password with the mailed code; the answer signs the user in. */
export async function confirmPasswordReset(verifyId: string, code: string, password: string): Promise<void> {
  const answer = await call(
    'POST /api/auth/reset-password/confirm',
    { body: { verifyId, code, password } },
    { auth: false, silent: true },
  );
  afterAuth(answer);
  notify({ type: 'positive', message: i18n.t('auth.reset.done', { name: answer.user.name }) });
}

/**
 * Starts the session a sign-in answer carries (login, registration, the first administrator).
 * `newAccount`: an account made a moment ago (first run, an invitation) — its quick-mark target
 * is set without a notice about a "reset" that means nothing to its owner yet.
 */
export function afterAuth(answer: AuthAnswer, { newAccount = false }: { newAccount?: boolean } = {}): void {
  setSession(answer.token, answer.user);
  // The guest account shares one recommender id among everyone: keep the visitor's own (docs/product.md §6).
  if (answer.user.group !== 'guest' && answer.user.recommenderUuid) {
    useSettings.getState().set({ recommenderUuid: answer.user.recommenderUuid });
  }
  void checkQuickMarkTarget(answer.user, { quiet: newAccount });
}

export function logout(): void {
  clearSession();
  // The server clears the media cookie; if it cannot be reached, the cookie's token still expires.
  void call('POST /api/auth/logout', {}, { auth: false, silent: true }).catch(() => {});
  notify({ type: 'positive', message: i18n.t('auth.loggedOut') });
}

function unwrap<T>(answer: unknown): T | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as Record<string, unknown>;
  return ((a.data ?? a.playlist ?? a) as T) ?? null;
}

/**
 * docs/product.md §4: at login, the quick-mark target playlist must exist and belong to the user; when it is
 * absent, someone else's or gone (404) it is reset to the default mark-target playlist.
 */
export async function checkQuickMarkTarget(user: User, { quiet = false } = {}): Promise<void> {
  const target = getSettings().quickMarkTargetPlaylist;
  if (target) {
    try {
      const meta = unwrap<Pick<Playlist, 'name' | 'user_name'>>(
        await call('GET /api/playlist/get-playlist-metadata', { query: { id: target.id } }, { silent: true }),
      );
      if (meta && meta.user_name === user.name) return;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) return;
    }
  }
  try {
    const def = unwrap<Pick<Playlist, 'id' | 'name'>>(
      await call('GET /api/playlist/get-default-mark-target-playlist', {}, { silent: true }),
    );
    if (!def?.id) return;
    useSettings.getState().set({ quickMarkTargetPlaylist: { id: def.id, name: def.name } });
    if (quiet) return;
    notify({
      type: 'positive',
      message: i18n.t('auth.markTargetReset', { name: playlistDisplayName(def.name, i18n.t.bind(i18n)) }),
      timeout: 3000,
    });
  } catch {
    // no playlists on this server for this user: quick mark stays off
  }
}
