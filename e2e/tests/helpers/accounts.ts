/** Accounts for the browser tests: registered through the API, signed in by a stored token. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../../..');

export const ADMIN = { name: 'e2eadmin', password: 'admin-secret' };

let counter = 0;
/** A fresh account name (at most 64 characters, unique per run). */
export const freshName = (prefix: string) => `${prefix}${Date.now() % 1_000_000}${counter++}`;

export async function register(request: APIRequestContext, name: string, password = 'secret123') {
  const res = await request.post('/api/auth/reg', {
    data: { name, password, recommenderUuid: crypto.randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export async function loginToken(request: APIRequestContext, name: string, password: string) {
  const res = await request.post('/api/auth/me', { data: { name, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Stores the token before the app starts, as a returning listener has it. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('jwt-token', t), token);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A new administrator made as an operator makes one, with `sasayaki user add --admin` on the
 * shared server's data folder (the built server's command line); answers its token.
 */
export async function cliAdminToken(request: APIRequestContext): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'global setup exports E2E_DATA_DIR').toBeTruthy();
  const name = `admin_${randomBytes(3).toString('hex')}`;
  execFileSync(
    process.execPath,
    ['packages/server/dist/main.mjs', 'user', 'add', name, '--admin', '--password', 'admin-pass'],
    {
      cwd: root,
      env: { ...process.env, SASAYAKI_DATA: dataDir, DATABASE_URL: '', SASAYAKI_LIBRARY: '' },
      stdio: 'pipe',
    },
  );
  return loginToken(request, name, 'admin-pass');
}
