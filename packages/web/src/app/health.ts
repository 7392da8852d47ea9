import { urlOf } from '../shared/api/client.ts';

export type Health = { state: 'ok' } | { state: 'maintenance'; html: string } | { state: 'down' };

/** Health check of docs/product.md §4/§7.1: plain `OK` when healthy, 503 `{html}` in maintenance, 5 s timeout. */
export async function checkHealth(timeoutMs = 5000): Promise<Health> {
  try {
    const res = await fetch(urlOf('GET /api/health', {}), { signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object' && typeof (body as { html?: unknown }).html === 'string') {
        return { state: 'maintenance', html: (body as { html: string }).html };
      }
    } catch {
      // plain text answer
    }
    return res.ok ? { state: 'ok' } : { state: 'down' };
  } catch {
    return { state: 'down' };
  }
}
