import { parseWorkIdParam } from '@sasayaki/contract';
import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { OfflineState, useKept } from '../features/offline/index.ts';
import { useConnection } from '../shared/api/connection.ts';
import { retryConnectionNow } from './connectionMonitor.ts';

/** Pages that work without the network (besides the pages of kept works). */
const OFFLINE_PAGES = new Set(['/settings', '/about', '/debug']);

/**
 * While the browser is offline (or the server is out of reach and works are kept), a page that needs the network shows the offline state (with the
 * kept works) instead of failed requests; the page of a kept work and Settings open as usual.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const kept = useKept((s) => s.works);
  // With works kept, a server out of reach is treated as offline too: the kept works are what plays.
  const offline = useConnection((c) => c.state === 'down' && (c.offline || kept.length > 0));
  const { pathname } = useLocation();
  if (!offline || OFFLINE_PAGES.has(pathname)) return <>{children}</>;
  const workMatch = matchPath('/work/:id/*', pathname);
  const id = workMatch ? parseWorkIdParam(workMatch.params.id ?? '') : null;
  if (id !== null && kept.some((w) => w.id === id)) return <>{children}</>;
  return <OfflineState workNotKept={id !== null} onRetry={retryConnectionNow} />;
}
