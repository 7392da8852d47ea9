/** The 6-digit codes the server mailed, as the global setup's test SMTP server received them. */
import fs from 'node:fs';
import { expect } from '@playwright/test';

function messagesTo(address: string): string[] {
  const inbox = process.env.E2E_SMTP_INBOX;
  if (!inbox) throw new Error('E2E_SMTP_INBOX is not set: the global setup starts the test SMTP server');
  if (!fs.existsSync(inbox)) return [];
  return fs
    .readFileSync(inbox, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(address))
    .map((m) => m.raw);
}

/** Waits for mail number `nth` (1-based) to the address and returns its code. */
export async function mailedCode(address: string, nth = 1): Promise<string> {
  await expect
    .poll(() => messagesTo(address).length, { message: `mail to ${address}` })
    .toBeGreaterThanOrEqual(nth);
  const raw = messagesTo(address)[nth - 1]!;
  const m = /Your code: (\d{6})/.exec(raw);
  if (!m) throw new Error(`no code in the mail to ${address}`);
  return m[1]!;
}
