/**
 * Problem reports against a stand-in API on 127.0.0.1: the reports with their work, the open-only
 * switch and the pages, marking one handled and reopening it, a refusal said once, and the empty
 * and refused list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import {
  answering,
  asked,
  notices,
  pagination,
  renderConsole,
  shows,
  url,
} from '../../../test/renderConsole.tsx';
import { FeedbackAdminPage } from './FeedbackAdminPage.tsx';

const api = fakeApi();
const FEEDBACK = '/api/admin/feedback';

const report = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  category: 'cantPlay',
  details: `Track ${id} stops after a minute`,
  url: `https://sasayaki.test/work/RJ0${id}`,
  createdAt: Date.UTC(2026, 10, 27),
  handled: false,
  handledAt: null,
  userName: 'member1',
  work: { id: 1234567, source_id: 'RJ01234567', title: 'Rain on the roof' },
  ...over,
});

let reports: ReturnType<typeof report>[] = [];

function server(total?: number) {
  answering(api, {
    [`GET ${FEEDBACK}`]: (req) => {
      const open = new URL(req.url, 'http://x').searchParams.get('open') === 'true';
      const shown = reports.filter((r) => !open || !r.handled);
      return { body: { feedback: shown, pagination: pagination(total ?? shown.length) } };
    },
    'POST /api/admin/feedback/handle': (req) => {
      const { id, handled } = req.body as { id: number; handled: boolean };
      const found = reports.find((r) => r.id === id);
      if (!found) return { status: 404, body: { error: 'not found', code: 'FEEDBACK_NOT_FOUND' } };
      found.handled = handled;
      return { body: { message: 'ok' } };
    },
  });
}

beforeEach(() => {
  reports = [report(2), report(1, { handled: true, userName: null, work: null, category: 'other' })];
});

const item = (n: number) => screen.getAllByTestId('feedback-item')[n] as HTMLElement;

describe('problem reports', { timeout: 30_000 }, () => {
  it('lists the reports with their category, work, text, sender and page', async () => {
    server();
    renderConsole(<FeedbackAdminPage />);
    expect(await shows('2 reports')).toBeInTheDocument();
    expect(asked(api, 'GET', FEEDBACK)).toEqual([`${FEEDBACK}?page=1&pageSize=20`]);
    expect(item(0)).toHaveTextContent('Cannot play');
    expect(within(item(0)).getByRole('link', { name: 'RJ01234567 Rain on the roof' })).toHaveAttribute(
      'href',
      '/work/1234567',
    );
    expect(item(0)).toHaveTextContent('Track 2 stops after a minute');
    expect(item(0)).toHaveTextContent('From member1');
    expect(item(0)).toHaveTextContent('https://sasayaki.test/work/RJ02');
    expect(item(1)).toHaveTextContent('Work no longer in the library');
    expect(item(1)).toHaveTextContent('From anonymous visitor');
    expect(item(1)).toHaveTextContent('Handled');
  });

  it('shows the open ones only while the switch is on, from the first page', async () => {
    server(45);
    renderConsole(<FeedbackAdminPage />, '/admin/section?page=2');
    await shows('45 reports');
    fireEvent.click(screen.getByRole('switch', { name: 'Open only' }));
    await waitFor(() =>
      expect(asked(api, 'GET', FEEDBACK).at(-1)).toBe(`${FEEDBACK}?page=1&pageSize=20&open=true`),
    );
    expect(url()).toBe('/admin/section?open=1');
    expect(screen.getByRole('switch', { name: 'Open only' })).toBeChecked();
    fireEvent.click(screen.getByRole('switch', { name: 'Open only' }));
    await waitFor(() => expect(url()).toBe('/admin/section'));
  });

  it('marks a report handled and reopens it, reading the list again each time', async () => {
    server();
    renderConsole(<FeedbackAdminPage />);
    await shows('2 reports');
    fireEvent.click(within(item(0)).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(within(item(0)).getByRole('button', { name: 'Reopen' })).toBeEnabled());
    expect(item(0)).toHaveTextContent('Handled');
    fireEvent.click(within(item(1)).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(within(item(1)).getByRole('button', { name: 'Mark handled' })).toBeEnabled());
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { id: 2, handled: true },
      { id: 1, handled: false },
    ]);
    expect(asked(api, 'GET', FEEDBACK)).toHaveLength(3);
  });

  it('says a refusal once, in words, and reads the list again', async () => {
    server();
    renderConsole(<FeedbackAdminPage />);
    await shows('2 reports');
    reports = [];
    fireEvent.click(within(item(0)).getByRole('button', { name: 'Mark handled' }));
    expect(await shows(/^No problem reports\./)).toBeInTheDocument();
    expect(notices()).toEqual(['negative: Report not found.']);
  });

  it('says there are none, and how listeners send them', async () => {
    reports = [];
    server();
    renderConsole(<FeedbackAdminPage />);
    expect(await shows(/Listeners send them with “Report a problem”/)).toBeInTheDocument();
    expect(screen.getByText('0 reports')).toBeInTheDocument();
  });

  it('says why the reports could not be read', async () => {
    answering(api, {
      [`GET ${FEEDBACK}`]: { status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } },
    });
    renderConsole(<FeedbackAdminPage />);
    expect(await screen.findByTestId('list-error')).toHaveTextContent('Only administrators can do this.');
    expect(notices()).toEqual([]);
  });
});
