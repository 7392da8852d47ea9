/**
 * The lyric chooser shows each lyric's source: a community subtitle with its contributor and
 * language, a local one as local, a bundled file plain; and a track's lyrics are ordered for the
 * automatic choice with the listener's language first, then bundled, then other community ones.
 */
import type { TrackFile } from '@sasayaki/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inListenerOrder, type QueueLyric } from '../../lyrics/index.ts';
import { toQueueTrack } from '../toQueueTrack.ts';
import { LyricChoice } from './LyricChoice.tsx';

const bundled: QueueLyric = { title: '01.lrc', confidence: 1, mediaDownloadUrl: '/api/media/download/5' };
const ja: QueueLyric = {
  title: '01 [ja].lrc',
  confidence: 1,
  mediaDownloadUrl: '/api/subtitles/7/text',
  community: { contributor: 'alice1', language: 'ja', version: 1 },
};
const en: QueueLyric = { ...ja, title: '01 [en].lrc', community: { contributor: 'bobby', language: 'en' } };
const local: QueueLyric = {
  title: 'mine.vtt',
  confidence: 1,
  content: 'WEBVTT',
  subtitle_file_path: 'a/mine.vtt',
};

describe('lyric sources', () => {
  it('names the contributor and language of a community subtitle in the chooser', async () => {
    render(
      <LyricChoice lyrics={[bundled, en, local]} shown={1} inUse={1} compact={false} onShow={() => {}} />,
    );
    expect(screen.getByTestId('lyrics-community')).toHaveTextContent('Community · bobby · en');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = await screen.findAllByTestId('lyrics-option');
    expect(within(options[0] as HTMLElement).queryByTestId('lyrics-community')).toBeNull();
    expect(within(options[0] as HTMLElement).queryByTestId('lyrics-local')).toBeNull();
    expect(within(options[1] as HTMLElement).getByTestId('lyrics-community')).toHaveTextContent('bobby');
    expect(within(options[2] as HTMLElement).getByTestId('lyrics-local')).toBeInTheDocument();
  });

  it('puts the listener’s language first, then bundled files, then other languages', () => {
    expect(inListenerOrder([bundled, en, ja], 'ja').map((l) => l.title)).toEqual([
      '01 [ja].lrc',
      '01.lrc',
      '01 [en].lrc',
    ]);
    expect(inListenerOrder([bundled, en, ja], 'zh-CN').map((l) => l.title)).toEqual([
      '01.lrc',
      '01 [en].lrc',
      '01 [ja].lrc',
    ]);
  });

  it('carries the credit from the track tree to the queue and chooses automatically', () => {
    const file = {
      type: 'audio',
      hash: '9/11',
      title: '01.mp3',
      mediaStreamUrl: '/s',
      mediaDownloadUrl: '/d',
      duration: 60,
      availableLyrics: [
        {
          title: '01 [en].lrc',
          confidence: 1,
          mediaDownloadUrl: '/api/subtitles/7/text',
          source: 'community',
          contributor: 'bobby',
          language: 'en',
          version: 2,
        },
      ],
    } as TrackFile;
    const q = toQueueTrack(file, { id: 9, source_id: 'RJ9', source_type: 'DLSITE', title: 'W' });
    expect(q.availableLyrics).toEqual([
      {
        title: '01 [en].lrc',
        confidence: 1,
        mediaDownloadUrl: '/api/subtitles/7/text',
        community: { contributor: 'bobby', language: 'en', version: 2 },
      },
    ]);
    expect(q.selectedLyricIndex).toBe(0);
  });
});
