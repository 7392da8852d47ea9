/** Accounts for the browser tests: registered through the API, signed in by a stored token. */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

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
