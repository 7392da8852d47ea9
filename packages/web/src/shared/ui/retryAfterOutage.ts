import { useEffect, useState } from 'react';
import { useConnection } from '../api/connection.ts';

/**
 * For an image that loads its own URL: once it has failed, a new attempt when the server comes
 * back after an outage (the connection going down, then up). A failure without an outage (a cover
 * the server does not have) is not retried, so a missing image is not asked for again and again.
 * `attempt` is the image's key: a new element is a new request.
 */
export function useRetryAfterOutage(): { attempt: number; failed: boolean; onError: () => void } {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!failed) return;
    // The failure may be seen before or after the connection monitor notices the outage.
    let wentDown = useConnection.getState().state === 'down';
    return useConnection.subscribe((c) => {
      if (c.state === 'down') wentDown = true;
      else if (wentDown) {
        setFailed(false);
        setAttempt((n) => n + 1);
      }
    });
  }, [failed]);
  return { attempt, failed, onError: () => setFailed(true) };
}
