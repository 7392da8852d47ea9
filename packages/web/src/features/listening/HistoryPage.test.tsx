/**
 * Removing a work from the history asks first, like "Clear all": a click on the bin alone removes
 * nothing; only the confirmation sends the clearing of that work.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { User } from '@sasayaki/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { useAuth } from '../account/index.ts';
import { HistoryPage } from './HistoryPage.tsx';

const api = fakeApi();
const work = {
  id: 1100001,
  source_id: 'RJ01100001',
  title: 'Rain window',
  circle: { id: 1, name: 'Circle', source_id: '', source_type: '' },
  mainCoverUrl: '',
  samCoverUrl: '',
  thumbnailCoverUrl: '',
};
const HISTORY = {
  works: [
    {
      work,
      playedAt: Date.now(),
      tracks: [{ track: '1100001/7', title: '01.mp3', position: 60, duration: 600, playedAt: Date.now() }],
    },
  ],
  pagination: { currentPage: 1, pageSize: 10, totalCount: 1 },
};

afterEach(() => {
  cleanup();
  useAuth.setState({ token: null, user: null });
});

function renderPage() {
  useAuth.setState({
    token: 'tok',
    user: { name: 'alice', loggedIn: true, group: 'user' } as unknown as User,
    checking: false,
  });
  api.answer = (req) =>
    req.url.startsWith('/api/listening/history') && req.method === 'GET'
      ? { body: HISTORY }
      : req.url.startsWith('/api/listening/settings')
        ? { body: { recordHistory: true } }
        : { body: { removed: 1 } };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HistoryPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const deletes = () => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url);

describe('history page', () => {
  it('removes a work only after the listener confirms', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('history-remove-work'));
    expect(await screen.findByText('Remove “Rain window” from the history?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(deletes()).toEqual([]);
    fireEvent.click(screen.getByTestId('history-remove-work'));
    fireEvent.click(await screen.findByTestId('history-remove-work-confirm'));
    await waitFor(() => expect(deletes()).toEqual(['/api/listening/history?work_id=1100001']));
  }, 30_000);
});
