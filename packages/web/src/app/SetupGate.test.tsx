/**
 * The first-run gate against a stand-in API on 127.0.0.1: a failed `GET /api/setup` (a busy
 * server's 503) is asked again, never taken for "set up"; a server without the call (404) is set
 * up; after a few failures the app shows meanwhile and the setup screen still takes over once the
 * server says it is needed.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { checkSetup, SETUP_CHECK_PATIENCE } from './SetupGate.tsx';

const api = fakeApi();
const setupAsks = () => api.seen.filter((r) => r.url === '/api/setup').length;

describe('first-run check', { timeout: 30_000 }, () => {
  it('asks again after failures until the server answers, and says it is needed', async () => {
    let failures = 3;
    api.answer = () =>
      failures-- > 0
        ? { status: 503, body: { error: 'busy', code: 'SHUTTING_DOWN' } }
        : { body: { needed: true } };
    let waited = false;
    const needed = await checkSetup(new AbortController().signal, () => (waited = true), 10);
    expect(needed).toBe(true);
    expect(setupAsks()).toBe(4);
    expect(waited).toBe(false);
  });

  it('takes a server without the call (404) for one that is set up', async () => {
    api.answer = () => ({ status: 404, body: { error: 'not found', code: 'NOT_FOUND' } });
    expect(await checkSetup(new AbortController().signal, () => undefined, 10)).toBe(false);
    expect(setupAsks()).toBe(1);
  });

  it('lets the app show after a few failures while it keeps asking', async () => {
    let answer: { needed: boolean } | null = null;
    api.answer = () => (answer ? { body: answer } : { status: 500, body: { error: 'x', code: 'INTERNAL' } });
    let waited = false;
    const ctrl = new AbortController();
    const done = checkSetup(ctrl.signal, () => (waited = true), 10);
    await waitFor(() => expect(waited).toBe(true));
    expect(setupAsks()).toBeGreaterThanOrEqual(SETUP_CHECK_PATIENCE);
    answer = { needed: true };
    expect(await done).toBe(true);
  });

  it('stops asking when the page goes away', async () => {
    api.answer = () => ({ status: 503, body: { error: 'busy', code: 'SHUTTING_DOWN' } });
    const ctrl = new AbortController();
    const done = checkSetup(ctrl.signal, () => undefined, 10);
    await waitFor(() => expect(setupAsks()).toBeGreaterThan(0));
    ctrl.abort();
    await expect(done).rejects.toBeDefined();
    const asked = setupAsks();
    await new Promise((r) => setTimeout(r, 200));
    expect(setupAsks()).toBe(asked);
  });
});

describe('SetupGate', { timeout: 30_000 }, () => {
  it('shows nothing while the first check fails, then the app once the server says it is set up', async () => {
    let failures = 1;
    api.answer = () =>
      failures-- > 0
        ? { status: 503, body: { error: 'busy', code: 'SHUTTING_DOWN' } }
        : { body: { needed: false } };
    const { SetupGate } = await import('./SetupGate.tsx');
    render(
      <SetupGate onSetUp={() => undefined}>
        <p>the works page</p>
      </SetupGate>,
    );
    expect(screen.queryByText('the works page')).toBeNull();
    expect(await screen.findByText('the works page', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(setupAsks()).toBe(2);
  });
});
