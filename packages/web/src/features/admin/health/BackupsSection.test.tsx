/**
 * Backups on the health screen against a stand-in API on 127.0.0.1: the schedule in words, a
 * backup taken and listed, a download link that carries the session, a deletion asked first
 * (cancel keeps it), missing PostgreSQL tools said, and a refusal said once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { answering, asked, notices, renderConsole } from '../../../../test/renderConsole.tsx';
import { BackupsSection } from './BackupsSection.tsx';

const api = fakeApi();
const AT = Date.UTC(2026, 11, 2, 3, 0);
const backup = (n: number, trigger: 'manual' | 'scheduled') => ({
  name: `sasayaki-2026120${n}-030000-${trigger}.sasayaki-backup`,
  bytes: 3 * 1024 * 1024,
  createdAt: AT + n * 86_400_000,
  dialect: 'sqlite',
  trigger,
});

let kept: ReturnType<typeof backup>[] = [];
let schedule = {
  intervalHours: 24,
  keep: 7,
  nextAt: (AT + 9 * 86_400_000) as number | null,
  missingTools: [] as string[],
};

function server(create: { status?: number; body?: unknown } = {}) {
  answering(api, {
    'GET /api/admin/backups': () => ({ body: { backups: kept, ...schedule } }),
    'POST /api/admin/backups': () => {
      if (create.status) return create;
      const b = backup(5, 'manual');
      kept = [b, ...kept];
      return { body: { backup: b } };
    },
    'DELETE /api/admin/backups/sasayaki-20261202-030000-scheduled.sasayaki-backup': () => {
      kept = kept.slice(1);
      return { body: { message: 'backup deleted' } };
    },
  });
}

beforeEach(() => {
  kept = [backup(2, 'scheduled'), backup(1, 'manual')];
  schedule = { intervalHours: 24, keep: 7, nextAt: AT + 9 * 86_400_000, missingTools: [] };
});

describe('backups', { timeout: 30_000 }, () => {
  it('says the schedule and lists each backup with its download', async () => {
    server();
    renderConsole(<BackupsSection />);
    const card = within(await screen.findByTestId('backups'));
    expect(card.getByTestId('backup-schedule')).toHaveTextContent(
      /^A backup every 24 hours; the newest 7 scheduled backups are kept\. Next: .*2026/,
    );
    const rows = card.getAllByTestId('backup-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Scheduled · 3');
    expect(rows[1]).toHaveTextContent('Taken by hand');
    const link = within(rows[0]!).getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toContain(
      '/api/admin/backups/sasayaki-20261202-030000-scheduled.sasayaki-backup',
    );
    expect(card.queryByTestId('backup-tools-missing')).toBeNull();
  });

  it('takes a backup, says so and lists it first', async () => {
    server();
    renderConsole(<BackupsSection />);
    fireEvent.click(await screen.findByTestId('back-up-now'));
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(3));
    expect(screen.getAllByTestId('backup-row')[0]).toHaveTextContent('sasayaki-20261205-030000-manual');
    expect(notices()).toEqual(['positive: Backup taken']);
    expect(asked(api, 'POST', '/api/admin/backups')).toHaveLength(1);
  });

  it('asks before deleting: cancel keeps the backup, delete removes it', async () => {
    server();
    renderConsole(<BackupsSection />);
    const first = (await screen.findAllByTestId('backup-row'))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(screen.getAllByTestId('backup-row')[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(/sasayaki-20261202-030000-scheduled\.sasayaki-backup is deleted/),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(1));
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/backups/sasayaki-20261202-030000-scheduled.sasayaki-backup',
    ]);
  });

  it('says when backups are off, when PostgreSQL tools are missing, and a refusal once', async () => {
    schedule = { intervalHours: 0, keep: 7, nextAt: null, missingTools: ['pg_dump', 'psql'] };
    kept = [];
    server({
      status: 503,
      body: {
        error: 'the backup could not be taken: disk full',
        code: 'BACKUP_FAILED',
        params: { reason: 'disk full' },
      },
    });
    renderConsole(<BackupsSection />);
    expect(await screen.findByTestId('backup-schedule')).toHaveTextContent(
      'No scheduled backups (Site settings → Backups).',
    );
    expect(screen.getByTestId('backup-tools-missing')).toHaveTextContent('missing here: pg_dump, psql');
    expect(screen.getByText('No backup yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('back-up-now'));
    await waitFor(() => expect(notices()).toEqual(['negative: The backup could not be taken: disk full']));
  });
});
