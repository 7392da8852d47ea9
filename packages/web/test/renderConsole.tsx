/**
 * A console screen as the app renders it, for its tests: a fresh query cache (no retries: a
 * refusal shows at once), the theme, a router at the section's URL, with the URL read back
 * (`url()`) and the notices shown (`notices()`). Pair it with `fakeApi()` for the server.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { useAuth } from '../src/features/account/index.ts';
import { useNotifications } from '../src/shared/notify/store.ts';
import type { FakeApi, Reply, SeenRequest } from './fakeApi.ts';

// MUI renders slowly under jsdom on a busy machine: waits give it seconds, not the default one.
configure({ asyncUtilTimeout: 10_000 });

let location: Location | null = null;

function Where() {
  location = useLocation();
  return null;
}

afterEach(() => {
  cleanup();
  useNotifications.setState({ items: [] });
  useAuth.setState({ token: null, user: null });
});

/** Renders `ui` at `at` (a path with its query string) as the signed-in administrator `admin1`. */
export function renderConsole(ui: ReactElement, at = '/admin/section') {
  useAuth.setState({
    token: 'tok-admin',
    user: { loggedIn: true, name: 'admin1', group: 'administrator', email: null, recommenderUuid: 'u' },
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  const path = at.split('?')[0] as string;
  const { container } = render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/before', at]} initialIndex={1}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>another page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { client, container };
}

/** Where the router is now: the path and its query string. */
export const url = () => (location ? `${location.pathname}${location.search}` : '');

/** The notices shown since the test began, as `type: message`. */
export const notices = () => useNotifications.getState().items.map((n) => `${n.type}: ${n.message}`);

type Answer = Reply | ((req: SeenRequest) => Reply);

/**
 * The stand-in's answers by `"METHOD /path"` (the query string aside): a reply, or a function of
 * the request for one that depends on it. Anything else answers 404.
 */
export function answering(api: FakeApi, table: Record<string, Answer>) {
  api.answer = (req) => {
    const answer = table[`${req.method} ${req.url.split('?')[0]}`];
    if (!answer) return { status: 404, body: { error: 'not found', code: 'NOT_FOUND' } };
    return typeof answer === 'function' ? answer(req) : answer;
  };
}

/** The URLs (with query strings) of the requests to `path` so far. */
export const asked = (api: FakeApi, method: string, path: string) =>
  api.seen.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => r.url);

/** A page answer's pagination. */
export const pagination = (totalCount: number, currentPage = 1, pageSize = 20) => ({
  currentPage,
  pageSize,
  totalCount,
});

/** Waits for the text to show. */
export const shows = (text: string | RegExp) => screen.findByText(text);
