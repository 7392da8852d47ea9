import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../shared/i18n/index.ts';
import { LyricsBar } from './LyricsBar.tsx';
import { PlayerBar } from './PlayerBar.tsx';
import { initialPlayerState, usePlayerStore } from './store.ts';
import { toQueueTrack } from './toQueueTrack.ts';

const work = {
  id: 123456,
  source_id: 'RJ123456',
  source_type: 'DLSITE',
  title: 'はじめての耳かき屋さん',
  circle: { name: 'ささやき工房' },
};
const file = {
  type: 'audio' as const,
  hash: '123456/2',
  title: '01 はじめに.wav',
  work: { id: 123456, source_id: 'RJ123456', source_type: 'DLSITE' },
  workTitle: 'はじめての耳かき屋さん',
  mediaStreamUrl: '/api/media/stream/2',
  mediaDownloadUrl: '/api/media/download/2',
  streamLowQualityUrl: '',
  duration: 6,
  size: 100,
  availableLyrics: [
    { title: '01 はじめに.lrc', confidence: 0.95, mediaDownloadUrl: '/api/media/download/1' },
  ],
};

// The seek bar asks for the track's bookmarks (none here: nobody is signed in).
const render = (ui: ReactElement) =>
  renderBare(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    ),
  });

beforeEach(() => usePlayerStore.setState(initialPlayerState()));
afterEach(cleanup);

describe('footer bars', () => {
  it('render nothing while the queue is empty', () => {
    const { container } = render(
      <>
        <LyricsBar />
        <PlayerBar />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
  it('show the current track, its work and circle, and the play state', () => {
    usePlayerStore.getState().playTracks([toQueueTrack(file, work)], 0);
    render(<PlayerBar />);
    expect(screen.getByTestId('player-title')).toHaveTextContent('01 はじめに.wav');
    expect(screen.getByText('はじめての耳かき屋さん · ささやき工房')).toBeInTheDocument();
    expect(screen.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
  });
  it('show the lyrics bar only once the lyric has lines', () => {
    usePlayerStore.getState().playTracks([toQueueTrack(file, work)], 0);
    const { rerender } = render(<LyricsBar />);
    expect(screen.queryByTestId('lyrics-bar')).toBeNull();
    usePlayerStore.getState().setLyricLines([{ start: 0, end: 2, text: 'おかえりなさい' }], 'ready');
    rerender(<LyricsBar />);
    expect(screen.getByTestId('lyrics-bar')).toBeInTheDocument();
  });
});

describe('toQueueTrack', () => {
  it('copies the file and work fields and chooses the lyric automatically', () => {
    const t = toQueueTrack(file, { ...work, thumbnailCoverUrl: '/api/cover/123456.jpg?type=240x240' });
    expect(t).toMatchObject({
      hash: '123456/2',
      workTitle: 'はじめての耳かき屋さん',
      duration: 6,
      selectedLyricIndex: 0,
      thumbnailCoverUrl: '/api/cover/123456.jpg?type=240x240',
      work: { id: 123456, title: 'はじめての耳かき屋さん', circle: { name: 'ささやき工房' } },
    });
    expect(toQueueTrack({ ...file, availableLyrics: undefined }, work).selectedLyricIndex).toBe(-1);
  });
});
