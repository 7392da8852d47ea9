/**
 * The work page's review count: a work the store counts no reviews for counts those written here,
 * as the section below does, and follows a saved review; one the store counts reviews for keeps
 * the store's figure. Offline, the section says reviews are not available.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { Work } from '@sasayaki/contract';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { RatingAndLength } from './header/WorkFacts.tsx';
import { WorkReviews } from './WorkReviews.tsx';

const api = fakeApi();
let written = 0;
const page = () => ({
  reviews: Array.from({ length: written }, (_, i) => ({
    userName: `u${i}`,
    rating: 4,
    review_text: 'nice',
    progress: null,
    updatedAt: '2026-01-01T00:00:00Z',
    mine: false,
  })),
  pagination: { currentPage: 1, pageSize: 10, totalCount: written },
});
const work = {
  id: 1100001,
  source_id: 'RJ01100001',
  source_url: 'https://example.invalid/RJ01100001',
  price: 660,
  dl_count: 5,
  rate_count: 0,
  rate_average_2dp: 0,
  review_count: 0,
  duration: 79,
} as unknown as Work;

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

function renderWith(client: QueryClient, node: ReactNode) {
  api.answer = (req) => (req.url.startsWith('/api/review/of-work') ? { body: page() } : { body: {} });
  render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('work reviews', () => {
  it('the header counts the reviews written here and follows a saved one', async () => {
    written = 0;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWith(
      client,
      <>
        <div data-testid="header">
          <RatingAndLength work={work} />
        </div>
        <WorkReviews workId={work.id} onWrite={() => {}} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('header').textContent).toContain('0 reviews'));
    written = 1;
    await act(() => client.invalidateQueries({ queryKey: queryKeys.workReviews.all }));
    await waitFor(() => expect(screen.getByTestId('header').textContent).toContain('1 review'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('1');
  }, 30_000);

  it('keeps the store’s count where the store has one', async () => {
    written = 2;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWith(
      client,
      <div data-testid="header">
        <RatingAndLength work={{ ...work, review_count: 1234 }} />
      </div>,
    );
    await waitFor(() => expect(api.seen.some((r) => r.url.startsWith('/api/review/of-work'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('header').textContent).toContain('1,234 reviews'));
    expect(screen.getByTestId('header').textContent).not.toContain('2 reviews');
  }, 30_000);

  it('offline, says reviews are not available instead of a skeleton', async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWith(client, <WorkReviews workId={work.id} onWrite={() => {}} />);
    expect((await screen.findByTestId('work-reviews-offline')).textContent).toBe(
      'Reviews are not available offline.',
    );
  }, 30_000);
});
