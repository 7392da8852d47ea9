import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { followScans, type ScanRun } from './librariesApi.ts';

/**
 * The scan running now, as the server streams it (Server-Sent Events). When one ends, the roots'
 * work counts and the list of scans are fetched again. A dropped stream is followed again.
 */
export function useRunningScan(): ScanRun | null {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ScanRun | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    let wasRunning = false;
    const onRun = (next: ScanRun | null) => {
      const running = next?.status === 'running';
      if (wasRunning && !running) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.console.scans });
        void queryClient.invalidateQueries({ queryKey: queryKeys.console.roots });
      }
      wasRunning = running;
      setRun(running ? next : null);
    };
    const follow = async () => {
      while (!stop.signal.aborted) {
        await followScans(onRun, stop.signal).catch(() => undefined);
        if (!stop.signal.aborted) await new Promise((r) => setTimeout(r, 2000));
      }
    };
    void follow();
    return () => stop.abort();
  }, [queryClient]);
  return run;
}
