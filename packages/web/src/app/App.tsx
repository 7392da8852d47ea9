import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { bootstrapSession } from '../features/account/index.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { startConnectionMonitor } from './connectionMonitor.ts';
import { useIsDark } from './darkMode.ts';
import { HealthGate } from './HealthGate.tsx';
import { routes } from './routes.tsx';
import { SetupGate } from './SetupGate.tsx';
import { makeTheme } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * The route table, with the declarative router: the app loads its data through TanStack Query, so
 * the data router's loaders, actions and fetchers would be 14 KB (Brotli) of unused code on every
 * first visit.
 */
function AppRoutes() {
  return useRoutes(routes);
}

/** The server's first account was just made here: its operator goes on to add a library. */
function SetUpHere({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <SetupGate onSetUp={() => navigate('/admin/libraries', { replace: true })}>{children}</SetupGate>;
}

/** Once the server is reachable: the registration flag and the stored session's user. */
function SessionStart() {
  useEffect(() => {
    void bootstrapSession();
  }, []);
  return null;
}

/** Once the app is shown: notices the server going away and coming back (connectionMonitor.ts). */
function ConnectionWatch() {
  useEffect(() => startConnectionMonitor(queryClient), []);
  return null;
}

function Themed() {
  const dark = useIsDark();
  const theme = useMemo(() => makeTheme(dark), [dark]);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#1c1925' : '#ffffff');
  }, [dark]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <HealthGate>
        <SessionStart />
        <ConnectionWatch />
        <BrowserRouter>
          <SetUpHere>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </SetUpHere>
        </BrowserRouter>
      </HealthGate>
    </ThemeProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Themed />
    </QueryClientProvider>
  );
}
