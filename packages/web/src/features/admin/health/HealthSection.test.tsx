/**
 * Health against a stand-in API on 127.0.0.1: the server, database, library and caches in words,
 * a cache purged (and the report read again), a refusal said once, and the recent errors.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { answering, asked, notices, renderConsole, shows } from '../../../../test/renderConsole.tsx';
import { HealthSection } from './HealthSection.tsx';

const api = fakeApi();
const HEALTH = '/api/admin/health';
const AT = Date.UTC(2026, 10, 27, 12, 0);

let covers = { files: 12, bytes: 3 * 1024 * 1024 };
const ROOT = { path: '/library', source: 'environment', works: 1, available: true };
const NEXT = Date.UTC(2026, 10, 28, 3, 30);
let scheduleOverride: { env: string; minutes: number } | null = null;

function server(purge: { status?: number; body?: unknown } = { body: { files: 12, bytes: 0 } }) {
  answering(api, {
    [`GET ${HEALTH}`]: () => ({
      body: {
        version: '1.1.3',
        node: 'v20.19.0',
        startedAt: AT,
        uptimeSeconds: 2 * 86_400 + 3 * 3600 + 4 * 60,
        database: {
          dialect: 'postgres',
          bytes: 5 * 1024 * 1024,
          migrations: [
            { name: '001_initial', appliedAt: AT },
            { name: '080_invitations', appliedAt: AT },
          ],
        },
        library: { roots: 2, works: 1500, files: 9000, hours: 812.5, bytes: 40 * 1024 ** 3 },
        caches: [
          { name: 'transcodes', files: 0, bytes: 0 },
          { name: 'covers', ...covers },
        ],
        ffmpeg: { present: false, path: '' },
        errors: [{ at: AT, status: 500, method: 'GET', url: '/api/works', message: 'database went away' }],
      },
    }),
    'GET /api/admin/libraries': () => ({
      body: {
        roots: [
          {
            ...ROOT,
            id: 0,
            name: 'library',
            schedule: { mode: 'default', hours: null, dailyAt: null },
            nextScanAt: NEXT,
          },
          {
            ...ROOT,
            id: 1000,
            name: 'Drama CDs',
            schedule: { mode: 'off', hours: null, dailyAt: null },
            nextScanAt: null,
          },
        ],
        scheduleOverride,
      },
    }),
    'GET /api/admin/backups': () => ({
      body: { backups: [], intervalHours: 24, keep: 7, nextAt: null, missingTools: [] },
    }),
    'POST /api/admin/caches/purge': () => {
      if (!purge.status) covers = { files: 0, bytes: 0 };
      return purge;
    },
  });
}

beforeEach(() => {
  covers = { files: 12, bytes: 3 * 1024 * 1024 };
  scheduleOverride = null;
});

describe('health', { timeout: 30_000 }, () => {
  it('shows each root’s next scheduled scan, and the environment’s override', async () => {
    server();
    renderConsole(<HealthSection />);
    const card = within(await screen.findByTestId('scheduled-scans'));
    const [next, none] = card.getAllByTestId('next-scan');
    expect(next).toHaveTextContent(/^Next scan: .*2026/);
    expect(none).toHaveTextContent('Not scanned by itself: only when you scan.');
    expect(card.queryByTestId('schedule-override')).toBeNull();
    cleanup();
    scheduleOverride = { env: 'SASAYAKI_RESCAN_MINUTES', minutes: 30 };
    renderConsole(<HealthSection />);
    expect(await screen.findByTestId('schedule-override')).toHaveTextContent(
      'Every 30 minutes, set by SASAYAKI_RESCAN_MINUTES (change it there).',
    );
  });

  it('shows the server, the database, the library, the caches and the recent errors', async () => {
    server();
    renderConsole(<HealthSection />);
    expect(await shows('1.1.3')).toBeInTheDocument();
    expect(screen.getByText('2 d 3 h 4 min')).toBeInTheDocument();
    expect(screen.getByText('missing: no low-quality streams')).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText('2 applied, last 080_invitations')).toBeInTheDocument();
    expect(screen.getByText('1,500')).toBeInTheDocument();
    expect(screen.getByText('812.5 h')).toBeInTheDocument();
    expect(screen.getByTestId('cache-covers')).toHaveTextContent('12 files, 3');
    expect(
      within(screen.getByTestId('cache-transcodes')).getByRole('button', { name: 'Purge' }),
    ).toBeDisabled();
    expect(screen.getByTestId('recent-errors')).toHaveTextContent('500 · GET /api/works');
    expect(screen.getByTestId('recent-errors')).toHaveTextContent('database went away');
  });

  it('purges a cache, says so, and shows it empty', async () => {
    server();
    renderConsole(<HealthSection />);
    const cache = await screen.findByTestId('cache-covers');
    fireEvent.click(within(cache).getByRole('button', { name: 'Purge' }));
    await waitFor(() => expect(screen.getByTestId('cache-covers')).toHaveTextContent('0 files'));
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ cache: 'covers' }]);
    expect(asked(api, 'GET', HEALTH)).toHaveLength(2);
    expect(notices()).toEqual(['positive: Cache emptied: its files are made again when needed.']);
  });

  it('says once why a cache could not be purged', async () => {
    server({ status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } });
    renderConsole(<HealthSection />);
    const cache = await screen.findByTestId('cache-covers');
    fireEvent.click(within(cache).getByRole('button', { name: 'Purge' }));
    await waitFor(() => expect(notices()).toEqual(['negative: Only administrators can do this.']));
    expect(screen.getByTestId('cache-covers')).toHaveTextContent('12 files');
  });
});
