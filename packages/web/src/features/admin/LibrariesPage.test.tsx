/**
 * The libraries section against a stand-in API on 127.0.0.1 that keeps its roots: the roots and
 * their actions (add through the folder picker, rename, remove), starting a scan and its live
 * progress, the recent scans, and a scan's report with its search, kind chips and pages.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type Reply, type SeenRequest } from '../../../test/fakeApi.ts';
import {
  answering,
  asked,
  notices,
  pagination,
  renderConsole,
  shows,
  url,
} from '../../../test/renderConsole.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { LibrariesPage } from './LibrariesPage.tsx';

const api = fakeApi();
const AT = '/admin/libraries';
const ROOTS = '/api/admin/libraries';
const SCANS = '/api/admin/scans';

interface Root {
  id: number;
  path: string;
  name: string;
  source: 'environment' | 'console' | 'demo';
  works: number;
  available: boolean;
}
let roots: Root[] = [];

const run = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  kind: 'quick',
  trigger: 'console',
  status: 'finished',
  startedAt: Date.UTC(2026, 10, 27, 12, 0),
  finishedAt: Date.UTC(2026, 10, 27, 12, 0, 12),
  phase: null,
  worksDone: 150,
  worksTotal: 150,
  files: 900,
  current: null,
  worksPerSecond: 12.5,
  filesPerSecond: 75,
  etaSeconds: null,
  added: 150,
  updated: 0,
  removed: 0,
  unchanged: 0,
  skipped: 2,
  error: null,
  ...over,
});

const idle = 'event: idle\ndata: null\n\n';
const running = (over: Record<string, unknown>) =>
  `event: scan\ndata: ${JSON.stringify(run(9, { status: 'running', finishedAt: null, ...over }))}\n\n`;

/** The server: its roots (added, renamed, removed), its scans and the stream of the running one. */
function server(overrides: Record<string, Reply | ((req: SeenRequest) => Reply)> = {}) {
  answering(api, {
    [`GET ${ROOTS}`]: () => ({ body: { roots } }),
    [`POST ${ROOTS}`]: (req) => {
      const { path, name } = req.body as { path: string; name?: string };
      const root = {
        id: 1000 + roots.length,
        path,
        name: name ?? path,
        source: 'console',
        works: 0,
        available: true,
      } as const;
      roots = [...roots, root];
      return { body: { root } };
    },
    [`POST ${ROOTS}/rename`]: (req) => {
      const { id, name } = req.body as { id: number; name: string };
      roots = roots.map((r) => (r.id === id ? { ...r, name } : r));
      return { body: { message: 'ok' } };
    },
    [`POST ${ROOTS}/remove`]: (req) => {
      roots = roots.filter((r) => r.id !== (req.body as { id: number }).id);
      return { body: { message: 'ok' } };
    },
    'GET /api/admin/folders': (req) => {
      const path = new URL(req.url, 'http://x').searchParams.get('path') ?? '/srv';
      const folders = path === '/srv' ? [{ name: 'asmr', path: '/srv/asmr' }] : [];
      return { body: { path, parent: path === '/srv' ? '/' : '/srv', folders, truncated: false } };
    },
    [`GET ${SCANS}`]: { body: { recent: [run(8), run(7, { status: 'failed', error: 'disk gone' })] } },
    [`POST ${SCANS}`]: { body: { started: true, run: run(9, { status: 'running' }) } },
    [`GET ${SCANS}/events`]: { events: idle },
    ...overrides,
  });
}

beforeEach(() => {
  roots = [
    { id: 0, path: '/library', name: 'library', source: 'environment', works: 120, available: true },
    { id: 1000, path: '/mnt/drama', name: 'Drama CDs', source: 'console', works: 30, available: false },
  ];
});

const root = (name: string) =>
  screen.getAllByTestId('library-root').find((r) => r.textContent?.startsWith(name)) as HTMLElement;
const posts = () => api.seen.filter((r) => r.method === 'POST').map((r) => [r.url, r.body]);

describe('libraries: roots', { timeout: 30_000 }, () => {
  it('lists the roots with where each comes from, its works and its state', async () => {
    server();
    renderConsole(<LibrariesPage />, AT);
    expect(await shows('Drama CDs')).toBeInTheDocument();
    expect(root('library')).toHaveTextContent('From SASAYAKI_LIBRARY');
    expect(root('library')).toHaveTextContent('120 works');
    expect(root('library')).toHaveTextContent('Set by the SASAYAKI_LIBRARY environment variable');
    // Only a root added here can be renamed or removed.
    expect(within(root('library')).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(root('Drama CDs')).toHaveTextContent('Added here');
    expect(root('Drama CDs')).toHaveTextContent('The server cannot read this folder now.');
    expect(within(root('Drama CDs')).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('sets a root’s scan schedule and shows its next run; read-only under the environment’s override', async () => {
    const next = Date.UTC(2026, 10, 28, 3, 30);
    const withSchedule = roots.map((r) => ({
      ...r,
      schedule: { mode: 'default', hours: null, dailyAt: null },
      nextScanAt: next,
    }));
    server({
      [`GET ${ROOTS}`]: () => ({ body: { roots: withSchedule, scheduleOverride: null } }),
      [`PUT ${ROOTS}/schedule`]: { body: { root: withSchedule[1] } },
    });
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    expect(within(root('Drama CDs')).getByTestId('next-scan')).toHaveTextContent(/^Next scan: .*2026/);
    const drama = within(root('Drama CDs'));
    fireEvent.mouseDown(drama.getByRole('combobox', { name: 'Scan by itself' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Every few hours' }));
    fireEvent.change(drama.getByLabelText('Every (hours)'), { target: { value: '12' } });
    fireEvent.click(drama.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(notices()).toEqual(['positive: Schedule saved.']));
    expect(api.seen.find((r) => r.method === 'PUT')).toMatchObject({
      url: `${ROOTS}/schedule`,
      body: { id: 1000, schedule: { mode: 'hours', hours: 12, dailyAt: null } },
    });
    cleanup();
    server({
      [`GET ${ROOTS}`]: () => ({
        body: { roots: withSchedule, scheduleOverride: { env: 'SASAYAKI_RESCAN_MINUTES', minutes: 0 } },
      }),
    });
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    expect(within(root('library')).getByTestId('schedule-override')).toHaveTextContent(
      'Never by itself: SASAYAKI_RESCAN_MINUTES is 0 (change it there).',
    );
    expect(within(root('library')).queryByRole('combobox')).toBeNull();
  });

  it('adds a folder picked on the server, and the roots are read again', async () => {
    server();
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add a library folder' }));
    fireEvent.click(await picker.findByText('asmr'));
    await waitFor(() => expect(picker.getByTestId('folder-path')).toHaveValue('/srv/asmr'));
    expect(await picker.findByText('No sub-folders.')).toBeInTheDocument();
    fireEvent.change(picker.getByLabelText('Display name'), { target: { value: ' My ASMR ' } });
    fireEvent.click(picker.getByRole('button', { name: 'Add this folder' }));
    expect(await shows('My ASMR')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked(api, 'GET', '/api/admin/folders')).toEqual([
      '/api/admin/folders',
      '/api/admin/folders?path=%2Fsrv%2Fasmr',
    ]);
    expect(posts()).toEqual([[ROOTS, { path: '/srv/asmr', name: 'My ASMR' }]]);
  });

  it('keeps a path typed before the first listing arrives (a slow server)', async () => {
    let release = () => {};
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });
    server({
      'GET /api/admin/folders': ((req: SeenRequest) =>
        (async () => {
          const path = new URL(req.url, 'http://x').searchParams.get('path');
          if (!path) await late;
          return { body: { path: path ?? '/', parent: null, folders: [], truncated: false } };
        })()) as unknown as (req: SeenRequest) => Reply,
    });
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add a library folder' }));
    await waitFor(() => expect(asked(api, 'GET', '/api/admin/folders')).toEqual(['/api/admin/folders']));
    fireEvent.change(picker.getByTestId('folder-path'), { target: { value: '/srv/typed' } });
    release();
    expect(await picker.findByText('No sub-folders.')).toBeInTheDocument();
    expect(picker.getByTestId('folder-path')).toHaveValue('/srv/typed');
    // Opening it lists it, and the field then follows the folder shown.
    fireEvent.click(picker.getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(asked(api, 'GET', '/api/admin/folders')).toContain('/api/admin/folders?path=%2Fsrv%2Ftyped'),
    );
    await waitFor(() => expect(picker.getByTestId('folder-path')).toHaveValue('/srv/typed'));
  });

  it('says in the picker why a folder is refused, and keeps it open', async () => {
    server({
      [`POST ${ROOTS}`]: {
        status: 400,
        body: { error: 'overlaps', code: 'FOLDER_IN_DATA', params: { dataDir: '/srv/data' } },
      },
    });
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add a library folder' }));
    await picker.findByText('asmr');
    fireEvent.click(picker.getByRole('button', { name: 'Add this folder' }));
    expect(await picker.findByTestId('add-root-error')).toHaveTextContent(
      'The folder overlaps the data folder (/srv/data).',
    );
    // Said in the dialog, not in a notice as well.
    expect(notices()).toEqual([]);
    // Opening another folder clears it.
    fireEvent.click(picker.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(picker.queryByTestId('add-root-error')).toBeNull());
  });

  it('renames a root added here', async () => {
    server();
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    fireEvent.click(within(root('Drama CDs')).getByRole('button', { name: 'Rename' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename library folder' }));
    fireEvent.change(dialog.getByLabelText('Display name'), { target: { value: '  ' } });
    expect(dialog.getByRole('button', { name: 'Rename' })).toBeDisabled();
    fireEvent.change(dialog.getByLabelText('Display name'), { target: { value: 'Radio dramas ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(await shows('Radio dramas')).toBeInTheDocument();
    expect(posts()).toEqual([[`${ROOTS}/rename`, { id: 1000, name: 'Radio dramas' }]]);
  });

  it('removes a root once confirmed, and says a refusal once with the dialog still open', async () => {
    server({
      [`POST ${ROOTS}/remove`]: { status: 409, body: { error: 'read only', code: 'LIBRARY_ROOT_READ_ONLY' } },
    });
    renderConsole(<LibrariesPage />, AT);
    await shows('Drama CDs');
    fireEvent.click(within(root('Drama CDs')).getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove “Drama CDs”?' }));
    expect(dialog.getByText(/^Its 30 works leave the catalogue at the next scan/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(notices()).toEqual([
        'negative: This library folder comes from SASAYAKI_LIBRARY; change it there.',
      ]),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    server();
    // The button is back once the roots are read again.
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Remove' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Drama CDs')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([
      [`${ROOTS}/remove`, { id: 1000 }],
      [`${ROOTS}/remove`, { id: 1000 }],
    ]);
  });
});

describe('libraries: scans', { timeout: 30_000 }, () => {
  it('lists the recent scans with their totals, a failure with its reason', async () => {
    server();
    renderConsole(<LibrariesPage />, AT);
    const [done, failed] = await screen.findAllByTestId('scan-run');
    expect(done).toHaveTextContent('150 added · 0 updated · 0 removed · 2 skipped · 12 s');
    expect(done).toHaveTextContent('Started in the console');
    expect(failed).toHaveTextContent('failed');
    expect(failed).toHaveTextContent('disk gone');
  });

  it('starts a scan or a full rescan, and the scans are read again', async () => {
    server();
    renderConsole(<LibrariesPage />, AT);
    await screen.findAllByTestId('scan-run');
    fireEvent.click(screen.getByRole('button', { name: 'Scan now' }));
    await waitFor(() => expect(asked(api, 'GET', SCANS)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Full rescan' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Full rescan' }));
    await waitFor(() => expect(asked(api, 'GET', SCANS)).toHaveLength(3));
    expect(posts()).toEqual([
      [SCANS, { full: false }],
      [SCANS, { full: true }],
    ]);
  });

  it('shows the running scan as the server streams it, and reads scans and roots again when it ends', async () => {
    server({
      [`GET ${SCANS}/events`]: {
        events: running({
          phase: 'works',
          worksDone: 40,
          worksTotal: 150,
          current: 'RJ01234567 Rain',
          etaSeconds: 9,
        }),
      },
    });
    renderConsole(<LibrariesPage />, AT);
    const progress = await screen.findByTestId('scan-progress');
    expect(progress).toHaveTextContent('Reading works · scan');
    expect(progress).toHaveTextContent('40 of 150 works · 900 files');
    expect(progress).toHaveTextContent('12.5 works/s · 75 files/s · about 0:09 left');
    expect(progress).toHaveTextContent('Now: RJ01234567 Rain');
    expect(screen.getByRole('button', { name: 'Scan now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Full rescan' })).toBeDisabled();
    const [rootsRead, scansRead] = [asked(api, 'GET', ROOTS).length, asked(api, 'GET', SCANS).length];
    // The stream ends; followed again (after 2 s), it says no scan runs now.
    server();
    await waitFor(() => expect(screen.queryByTestId('scan-progress')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(asked(api, 'GET', SCANS).length).toBe(scansRead + 1));
    expect(asked(api, 'GET', ROOTS).length).toBe(rootsRead + 1);
    expect(screen.getByRole('button', { name: 'Scan now' })).toBeEnabled();
  });
});

describe('libraries: a scan report', { timeout: 30_000 }, () => {
  const REPORT = `${SCANS}/8/report`;
  const item = (
    id: number,
    kind: string,
    path: string,
    detail: string,
    reason: string | null = null,
    params: Record<string, string> = {},
    firstSeen: number | null = null,
  ) => ({ id, kind, reason, path, detail, params, firstSeen });
  const ITEMS = [
    item(1, 'added', '/library/RJ01234567 Rain', 'RJ01234567'),
    item(
      2,
      'skipped',
      '/library/RJ01234567 copy',
      'RJ01234567: kept /library/RJ01234567 Rain',
      'duplicate-code',
      { code: 'RJ01234567', kept: '/library/RJ01234567 Rain' },
      8,
    ),
  ];
  const counts = { added: 150, updated: 0, removed: 0, skipped: 2 };
  const report = (items = ITEMS, total = items.length) =>
    server({
      [`GET ${REPORT}`]: { body: { scan: run(8), items, pagination: pagination(total, 1, 50), counts } },
    });

  it('opens from the recent scans, with its lines and the count of each kind', async () => {
    report();
    renderConsole(<LibrariesPage />, AT);
    const [latest] = await screen.findAllByTestId('scan-run');
    fireEvent.click(within(latest as HTMLElement).getByRole('link'));
    const lines = await screen.findAllByTestId('report-item');
    expect(url()).toBe(`${AT}?report=8`);
    expect(asked(api, 'GET', REPORT)).toEqual([`${REPORT}?page=1&pageSize=50`]);
    expect(lines[0]).toHaveTextContent('addedRJ01234567/library/RJ01234567 Rain');
    expect(lines[1]).toHaveTextContent('skippedduplicate work codenew/library/RJ01234567 copy');
    expect(lines[1]).toHaveTextContent(
      'Same work code RJ01234567 as /library/RJ01234567 Rain, which is kept.',
    );
    const chips = within(screen.getByRole('group', { name: 'Show only' }));
    expect(chips.getAllByRole('button').map((c) => c.textContent)).toEqual([
      'Added (150)',
      'Updated (0)',
      'Removed (0)',
      'Skipped (2)',
    ]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('scan');
  });

  it('explains each problem in the shown language, new or known since the scan that found it', async () => {
    report([
      item(3, 'skipped', '/library/RJ01000001/bad.mp3', 'corrupt audio skipped: x', 'corrupt-audio', {}, 5),
      item(
        4,
        'skipped',
        '/library/g',
        'folder skipped: permission denied',
        'unreadable',
        { cause: 'permission' },
        8,
      ),
      item(5, 'skipped', '/library/RJ02/work.json', 'sidecar …', 'metadata', { problem: 'no-title' }, 8),
      item(6, 'skipped', '/library/RJ03 empty', 'no playable', 'no-playable-audio', {}, 8),
    ]);
    renderConsole(<LibrariesPage />, `${AT}?report=8`);
    const lines = await screen.findAllByTestId('report-item');
    expect(lines.map((l) => within(l).getByTestId('problem-age').textContent)).toEqual([
      'known since scan #5',
      'new',
      'new',
      'new',
    ]);
    expect(lines[0]).toHaveTextContent('The audio could not be read: the file is left out.');
    expect(lines[0]).not.toHaveTextContent('corrupt audio skipped');
    expect(lines[1]).toHaveTextContent('Could not be read (permission denied).');
    expect(lines[2]).toHaveTextContent('The metadata could not be used (no title)');
    expect(lines[3]).toHaveTextContent('nothing playable');
  });

  it('shows the problems in Japanese and Chinese with the paths as they are', async () => {
    for (const [lang, age, text] of [
      ['ja', 'スキャン #5 から継続', '読み取れません（権限がありません）。'],
      ['zh-CN', '自第 5 次扫描起', '无法读取（没有权限）。'],
    ] as const) {
      report([item(4, 'skipped', '/ライブラリ/フォルダ', 'x', 'unreadable', { cause: 'permission' }, 5)]);
      await i18n.changeLanguage(lang);
      renderConsole(<LibrariesPage />, `${AT}?report=8`);
      const [line] = await screen.findAllByTestId('report-item');
      expect(line).toHaveTextContent(age);
      expect(line).toHaveTextContent(text);
      expect(line).toHaveTextContent('/ライブラリ/フォルダ');
      cleanup();
    }
    await i18n.changeLanguage('en');
  });

  it('searches the paths and reasons, shows one kind, and lets go of it pressed again', async () => {
    report();
    renderConsole(<LibrariesPage />, `${AT}?report=8`);
    await screen.findAllByTestId('report-item');
    fireEvent.change(screen.getByLabelText('Search paths and reasons'), { target: { value: 'copy' } });
    await waitFor(() => expect(asked(api, 'GET', REPORT).at(-1)).toBe(`${REPORT}?page=1&pageSize=50&q=copy`));
    const skipped = screen.getByRole('button', { name: 'Skipped (2)' });
    fireEvent.click(skipped);
    await waitFor(() =>
      expect(asked(api, 'GET', REPORT).at(-1)).toBe(`${REPORT}?page=1&pageSize=50&q=copy&kind=skipped`),
    );
    expect(url()).toBe(`${AT}?report=8&q=copy&kind=skipped`);
    expect(screen.getByRole('button', { name: 'Skipped (2)' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Skipped (2)' }));
    await waitFor(() => expect(url()).toBe(`${AT}?report=8&q=copy`));
  });

  it('pages through a long report, 50 lines a page', async () => {
    report(ITEMS, 120);
    renderConsole(<LibrariesPage />, `${AT}?report=8`);
    await screen.findAllByTestId('report-item');
    expect(screen.queryByRole('button', { name: 'Go to page 4' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(asked(api, 'GET', REPORT).at(-1)).toBe(`${REPORT}?page=3&pageSize=50`));
  });

  it('says when nothing matches, and when the report is no longer kept', async () => {
    report([]);
    renderConsole(<LibrariesPage />, `${AT}?report=8`);
    expect(await shows('Nothing matches.')).toBeInTheDocument();
    server({ [`GET ${REPORT}`]: { status: 404, body: { error: 'gone', code: 'SCAN_NOT_FOUND' } } });
    fireEvent.change(screen.getByLabelText('Search paths and reasons'), { target: { value: 'x' } });
    expect(await screen.findByTestId('list-error')).toHaveTextContent('This scan report is no longer kept.');
    fireEvent.click(screen.getByRole('link', { name: 'Back to libraries' }));
    await waitFor(() => expect(url()).toBe(AT));
    expect(await screen.findAllByTestId('library-root')).toHaveLength(2);
  });
});
