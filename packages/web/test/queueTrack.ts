/** Queue tracks for the player's tests. */
import type { QueueTrack } from '../src/features/player/types.ts';

/** The 100-second audio file `<hash>.mp3` of work RJ01, without lyrics; `fields` replace any part. */
export function queueTrack(hash: string, fields: Partial<QueueTrack> = {}): QueueTrack {
  return {
    hash,
    title: `${hash}.mp3`,
    workTitle: 'work',
    mediaStreamUrl: `/api/media/stream/${hash}`,
    mediaDownloadUrl: `/api/media/download/${hash}`,
    streamLowQualityUrl: '',
    mainCoverUrl: '',
    samCoverUrl: '',
    thumbnailCoverUrl: '',
    duration: 100,
    availableLyrics: [],
    selectedLyricIndex: -1,
    work: { id: 1, source_id: 'RJ01', source_type: 'DLSITE', title: 'work' },
    ...fields,
  };
}
