import type { Cue } from '@sasayaki/contract';
import { useEffect, useState } from 'react';
import { loadLyricLines, type QueueLyric } from '../../lyrics/index.ts';

export type LoadedLines = { status: 'loading' } | { status: 'error' } | { status: 'ready'; lines: Cue[] };

/** The timed lines of a lyric, fetched and decoded again whenever another lyric is shown. */
export function useLyricLines(lyric: QueueLyric | undefined): LoadedLines {
  const [state, setState] = useState<LoadedLines>({ status: 'loading' });
  useEffect(() => {
    if (!lyric) return;
    let live = true;
    setState({ status: 'loading' });
    loadLyricLines(lyric).then(
      (lines) => live && setState({ status: 'ready', lines }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [lyric]);
  return state;
}
