import { parseWorkIdParam } from '@sasayaki/contract';
import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { OfflineState, useKept } from '../features/offline/index.ts';
import { useConnection } from '../shared/api/connection.ts';
import { retryConnectionNow } from './connectionMonitor.ts';

/** Pages that work without the network (besides the pages of kept works). */
const OFFLINE_PAGES = new Set(['/settings', '/about', '/debug']);

/**
 * Whether the app behaves as offline: the browser says it is, or the server is out of reach while
 * works are kept (the kept works are then what plays). The gate and the connection banner agree
 * on it.
 */
export function useTreatedAsOffline(): boolean {
  const anyKept = useKept((s) => s.works.length > 0);
  return useConnection((c) => c.state === 'down' && (c.offline || anyKept));
}

/**
 * While the browser is offline (or the server is out of reach and works are kept), a page that needs the network shows the offline state (with the
 * kept works) instead of failed requests; the page of a kept work and Settings open as usual.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const kept = useKept((s) => s.works);
  const offline = useTreatedAsOffline();
  const { pathname } = useLocation();
  if (!offline || OFFLINE_PAGES.has(pathname)) return <>{children}</>;
  const workMatch = matchPath('/work/:id/*', pathname);
  const id = workMatch ? parseWorkIdParam(workMatch.params.id ?? '') : null;
  if (id !== null && kept.some((w) => w.id === id)) return <>{children}</>;
  return <OfflineState workNotKept={id !== null} onRetry={retryConnectionNow} />;
}
