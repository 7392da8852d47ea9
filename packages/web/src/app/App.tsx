import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bootstrapSession } from '../features/account/index.ts';
import { startConnectionMonitor } from './connectionMonitor.ts';
import { useIsDark } from './darkMode.ts';
import { HealthGate } from './HealthGate.tsx';
import { routes } from './routes.tsx';
import { SetupGate } from './SetupGate.tsx';
import { makeTheme } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const router = createBrowserRouter(routes);

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
        <SetupGate onSetUp={() => void router.navigate('/admin/libraries', { replace: true })}>
          <RouterProvider router={router} />
        </SetupGate>
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
