/**
 * What every console list shares (useConsoleList with its filters row and body), against a
 * stand-in API on 127.0.0.1: the debounced search, the state kept in and read from the URL, the
 * first page after a change, a page past the end, the states before, without and after rows.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import {
  answering,
  asked,
  notices,
  pagination,
  renderConsole,
  shows,
  url,
} from '../../../../test/renderConsole.tsx';
import { consoleApi } from '../consoleApi.ts';
import { ConsoleFilters } from './ConsoleFilters.tsx';
import { ConsoleList } from './ConsoleList.tsx';
import { anyText } from './listFilters.ts';
import { useConsoleList } from './useConsoleList.ts';

const api = fakeApi();
const AUDIT = '/api/admin/audit';
const PAGE_SIZE = 2;

const entry = (id: number) => ({ id, at: 0, actor: `admin${id}`, action: 'login', target: '', details: {} });

/** The audit log's answer: `total` entries, two a page, the page asked for. */
function auditLog(total: number) {
  answering(api, {
    [`GET ${AUDIT}`]: (req) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      const ids = [1, 2].map((i) => (page - 1) * PAGE_SIZE + i).filter((id) => id <= total);
      return {
        body: {
          entries: ids.map(entry),
          actions: ['login', 'user.delete'],
          pagination: pagination(total, page, PAGE_SIZE),
        },
      };
    },
  });
}

/** A list of the audit log with each part of the kit, and ways to leave and change the URL. */
function Entries() {
  const navigate = useNavigate();
  const list = useConsoleList({
    family: ['console', 'test'],
    filters: { action: anyText },
    pageSize: PAGE_SIZE,
    fetch: ({ page, pageSize, q, filters }, signal) =>
      consoleApi.audit({ page, pageSize, actor: q, action: filters.action || undefined }, signal),
    rows: (answer) => answer.entries,
  });
  const actions = (list.data?.actions ?? []).map((a) => ({ value: a, label: a }));
  return (
    <>
      <ConsoleFilters
        list={list}
        search="Who"
        controls={[
          {
            kind: 'select',
            name: 'action',
            label: 'Action',
            options: [{ value: '', label: 'any' }, ...actions],
          },
        ]}
        count={(n) => `${n} entries`}
      />
      <ConsoleList list={list} rowKey={(e) => e.id} empty="Nothing here">
        {(e) => <p data-testid="row">{e.actor}</p>}
      </ConsoleList>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
      <Link to="?q=carol">carol's</Link>
    </>
  );
}

const rows = () => screen.queryAllByTestId('row').map((r) => r.textContent);

// MUI renders slowly under jsdom on a busy machine.
describe('a console list', { timeout: 30_000 }, () => {
  it('asks for the first page, and shows its rows, the count and the pages', async () => {
    auditLog(5);
    renderConsole(<Entries />);
    expect(await shows('5 entries')).toBeInTheDocument();
    expect(rows()).toEqual(['admin1', 'admin2']);
    expect(asked(api, 'GET', AUDIT)).toEqual([`${AUDIT}?page=1&pageSize=2`]);
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to page 4' })).toBeNull();
  });

  it('shows placeholders and no count until the server answers', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    answering(api, {
      [`GET ${AUDIT}`]: () => ({ body: { entries: [], actions: [], pagination: pagination(0) } }),
    });
    const answer = api.answer;
    api.answer = async (req) => {
      await held;
      return answer(req);
    };
    const { container } = renderConsole(<Entries />);
    await waitFor(() => expect(api.seen).toHaveLength(1));
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    expect(screen.queryByText(/entries$/)).toBeNull();
    release();
    expect(await shows('Nothing here')).toBeInTheDocument();
    expect(screen.getByText('0 entries')).toBeInTheDocument();
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(0);
  });

  it('asks for the search text once it has settled, not for each key, and keeps it in the URL', async () => {
    auditLog(5);
    renderConsole(<Entries />);
    await shows('5 entries');
    const box = screen.getByLabelText('Who');
    for (const text of ['a', 'ad', 'adm', 'admin ']) fireEvent.change(box, { target: { value: text } });
    expect(box).toHaveValue('admin ');
    await waitFor(() => expect(asked(api, 'GET', AUDIT)).toHaveLength(2));
    expect(asked(api, 'GET', AUDIT)[1]).toBe(`${AUDIT}?page=1&pageSize=2&actor=admin`);
    expect(url()).toBe('/admin/section?q=admin');
    await new Promise((r) => setTimeout(r, 400));
    expect(asked(api, 'GET', AUDIT)).toHaveLength(2);
  });

  it('opens at the search text, filter and page of its URL', async () => {
    auditLog(5);
    renderConsole(<Entries />, '/admin/section?q=root&action=user.delete&page=2');
    expect(await shows('admin3')).toBeInTheDocument();
    expect(asked(api, 'GET', AUDIT)).toEqual([`${AUDIT}?page=2&pageSize=2&actor=root&action=user.delete`]);
    expect(screen.getByLabelText('Who')).toHaveValue('root');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('user.delete');
  });

  it('goes back to the first page when a filter changes, and leaves the initial value out of the URL', async () => {
    auditLog(5);
    renderConsole(<Entries />, '/admin/section?page=3');
    await shows('admin5');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'user.delete' }));
    await waitFor(() => expect(url()).toBe('/admin/section?action=user.delete'));
    await waitFor(() =>
      expect(asked(api, 'GET', AUDIT).at(-1)).toBe(`${AUDIT}?page=1&pageSize=2&action=user.delete`),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'any' }));
    await waitFor(() => expect(url()).toBe('/admin/section'));
  });

  it('turns the page in the URL, with the rows of the last page shown until the next arrive', async () => {
    auditLog(5);
    const { container } = renderConsole(<Entries />);
    await shows('admin1');
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const answer = api.answer;
    api.answer = async (req) => {
      await held;
      return answer(req);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(url()).toBe('/admin/section?page=2'));
    expect(rows()).toEqual(['admin1', 'admin2']);
    expect(container.querySelector('.MuiLinearProgress-root')).not.toBeNull();
    release();
    expect(await shows('admin3')).toBeInTheDocument();
    expect(rows()).toEqual(['admin3', 'admin4']);
    expect(container.querySelector('.MuiLinearProgress-root')).toBeNull();
  });

  it('goes to the last page from a page past the end', async () => {
    auditLog(3);
    renderConsole(<Entries />, '/admin/section?page=9');
    expect(await shows('admin3')).toBeInTheDocument();
    expect(url()).toBe('/admin/section?page=2');
    expect(asked(api, 'GET', AUDIT)).toEqual([`${AUDIT}?page=9&pageSize=2`, `${AUDIT}?page=2&pageSize=2`]);
  });

  it('replaces its history entry, so Back leaves the section', async () => {
    auditLog(5);
    renderConsole(<Entries />);
    await shows('admin1');
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'admin' } });
    await waitFor(() => expect(url()).toBe('/admin/section?q=admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(url()).toBe('/admin/section?q=admin&page=2'));
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(await shows('another page')).toBeInTheDocument();
    expect(url()).toBe('/before');
  });

  it('puts the search text of a URL reached otherwise (a link) in the box', async () => {
    auditLog(5);
    renderConsole(<Entries />, '/admin/section?q=bob');
    await shows('admin1');
    fireEvent.click(screen.getByRole('link', { name: "carol's" }));
    await waitFor(() => expect(screen.getByLabelText('Who')).toHaveValue('carol'));
    await waitFor(() =>
      expect(asked(api, 'GET', AUDIT).at(-1)).toBe(`${AUDIT}?page=1&pageSize=2&actor=carol`),
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(url()).toBe('/admin/section?q=carol');
  });

  it('says why it could not be read, in words, once, and reads it again on Retry', async () => {
    answering(api, { [`GET ${AUDIT}`]: { status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } } });
    renderConsole(<Entries />);
    expect(await screen.findByTestId('list-error')).toHaveTextContent('Only administrators can do this.');
    // The list says it; no notice says it again.
    expect(notices()).toEqual([]);
    expect(screen.queryByText(/entries$/)).toBeNull();
    auditLog(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await shows('admin1')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
  });
});
