/**
 * The home page asks for "recommended for you" only where the server can have a history for it:
 * signed in, or a browser that has sent listening feedback. Otherwise the answer would be the
 * popular list, which the page would fetch only to hide.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { noteRecommenderHistory } from '../../shared/recommender/ownHistory.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { useAuth } from '../account/index.ts';
import { HomeSwipers } from './HomeSwipers.tsx';

const api = fakeApi();
const EMPTY = { works: [], pagination: { currentPage: 1, pageSize: 20, totalCount: 0 } };

afterEach(() => {
  cleanup();
  localStorage.removeItem('sasayaki-recommender-history');
  useAuth.setState({ token: null, user: null });
});

async function listsAsked(): Promise<string[]> {
  api.answer = () => ({ body: EMPTY });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HomeSwipers />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  await waitFor(() => expect(api.seen.some((r) => r.url === '/api/recommender/popular')).toBe(true));
  // The two rows ask at once; a moment more for one that would come late.
  await new Promise((r) => setTimeout(r, 300));
  return api.seen.map((r) => r.url).filter((u) => u.startsWith('/api/recommender/'));
}

describe('home carousels', () => {
  it('signed out and never listened: the popular list only', async () => {
    expect(await listsAsked()).toEqual(['/api/recommender/popular']);
  });

  it('signed out, after listening here: the own recommendations too', async () => {
    noteRecommenderHistory(useSettings.getState().recommenderUuid);
    expect((await listsAsked()).sort()).toEqual([
      '/api/recommender/popular',
      '/api/recommender/recommend-for-user',
    ]);
  });

  it('another id than the one that listened counts as never listened', async () => {
    noteRecommenderHistory('00000000-0000-4000-8000-000000000000');
    expect(await listsAsked()).toEqual(['/api/recommender/popular']);
  });

  it('signed in: the own recommendations too', async () => {
    useAuth.setState({
      token: 't',
      user: { loggedIn: true, name: 'u1', group: 'user', email: null, recommenderUuid: 'u' },
    });
    expect((await listsAsked()).sort()).toEqual([
      '/api/recommender/popular',
      '/api/recommender/recommend-for-user',
    ]);
  });
});
