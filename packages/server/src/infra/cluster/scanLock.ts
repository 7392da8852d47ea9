/**
 * The lock a running scan holds across instances (docs/scale.md): on PostgreSQL a session
 * advisory lock on a connection of its own, freed by the server the moment that connection
 * closes, so a killed instance's scan never blocks the next. SQLite is one instance: no lock.
 */
import type { Db } from '../../db/connect.ts';
import { SessionLock } from '../../db/dedicated.ts';

/** Held by whichever instance runs a scan, for as long as it runs it. */
export type ClusterLock = Pick<SessionLock, 'tryAcquire' | 'unlock' | 'release' | 'held'>;

export function scanRunLock(db: Db): ClusterLock | null {
  return db.pgTarget ? new SessionLock(db.pgTarget, 'sasayaki-scan-running') : null;
}
