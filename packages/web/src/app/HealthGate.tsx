import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { hasKeptWorks } from '../features/offline/index.ts';
import { useSettings } from '../shared/settings/store.ts';
import { checkHealth, type Health } from './health.ts';

// Shown only when the server is unreachable, or during maintenance with its sanitiser (DOMPurify):
// not part of every start. If the screen itself cannot be fetched (the server that sent the page
// is down), a plain bilingual notice stands in.
const NetworkError = lazy(() =>
  import('./NetworkErrorScreen.tsx').then(
    (m) => ({ default: m.NetworkErrorScreen }),
    () => ({ default: PlainNetworkError }),
  ),
);
const Maintenance = lazy(async () => ({
  default: (await import('./MaintenanceScreen.tsx')).MaintenanceScreen,
}));

/**
 * Renders the app only once the server answered its health check. Unreachable: the bilingual
 * network-error screen, re-checking every second (or the app itself when works are kept offline). Maintenance: the server's html and 'force enter'.
 */
export function HealthGate({ children }: { children: ReactNode }) {
  const [health, setHealth] = useState<Health | null>(null);
  const [forced, setForced] = useState(false);
  const base = useSettings((s) => s.apiBaseUrl);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new endpoint restarts the checks
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      const h = await checkHealth();
      if (!alive) return;
      setHealth(h);
      if (h.state === 'down') timer = setTimeout(run, 1000);
    };
    void run();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [base]);

  if (health === null) return <Loading />;
  // With works kept on this device the app opens without the server: they play from the cache,
  // and other pages show the offline state (OfflineGate.tsx).
  if (health.state === 'down' && hasKeptWorks()) return <>{children}</>;
  if (health.state === 'down')
    return (
      <Suspense fallback={<Loading />}>
        <NetworkError />
      </Suspense>
    );
  if (health.state === 'maintenance' && !forced)
    return (
      <Suspense fallback={<Loading />}>
        <Maintenance html={health.html} onEnter={() => setForced(true)} />
      </Suspense>
    );
  return <>{children}</>;
}

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="loading" />
    </Box>
  );
}

function PlainNetworkError() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }} data-testid="network-error">
      <Typography variant="h5">无法连接服务器 / Cannot connect to server</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        重新加载 / Reload
      </Button>
    </Box>
  );
}
