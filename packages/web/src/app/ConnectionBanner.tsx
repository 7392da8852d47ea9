import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useConnection } from '../shared/api/connection.ts';
import { useTranslation } from '../shared/i18n/index.ts';
import { retryConnectionNow } from './connectionMonitor.ts';
import { useTreatedAsOffline } from './OfflineGate.tsx';

/** Whole seconds until `at`, counted down once a second while mounted. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * "Connection lost — reconnecting in N s" with "Retry now" while the server does not answer
 * (connectionMonitor.ts), "You are offline — …" while the app is treated as offline (the browser
 * has no network, or works are kept and the server is out of reach); gone as soon as the server
 * answers. `spacer` renders an invisible copy that keeps the page from sliding under the banner in
 * the fixed top bar.
 */
export function ConnectionBanner({ spacer = false }: { spacer?: boolean }) {
  const { t } = useTranslation();
  const c = useConnection();
  // Offline as the page below it says (OfflineGate): not a server fault to wait out.
  const offline = useTreatedAsOffline();
  const seconds = useSecondsUntil(c.state === 'down' && !spacer ? c.nextCheckAt : null);
  if (c.state === 'up') return null;
  const text = c.checking
    ? t(offline ? 'app.connection.offlineChecking' : 'app.connection.checking')
    : t(offline ? 'app.connection.offline' : 'app.connection.lost', { seconds });
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role={spacer ? undefined : 'status'}
      aria-hidden={spacer || undefined}
      data-testid={spacer ? undefined : 'connection-banner'}
      sx={{ py: 0, alignItems: 'center', ...(spacer && { visibility: 'hidden' }) }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={retryConnectionNow}
          disabled={c.checking}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('app.connection.retryNow')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
