import type { TrackFile } from '@sasayaki/contract';
import { currentLocale } from '../../shared/i18n/index.ts';
import { chooseLyric, inListenerOrder } from '../lyrics/index.ts';
import type { QueueTrack, QueueWork } from './types.ts';

/** What the file tree knows about the work whose file is queued. */
export interface WorkForQueue {
  id: number;
  source_id: string;
  source_type: string;
  title: string;
  circle?: { name: string } | null;
  mainCoverUrl?: string;
  samCoverUrl?: string;
  thumbnailCoverUrl?: string;
}

/** Turns a file of the track tree into a queue entry, with the automatic lyric choice. */
export function toQueueTrack(file: TrackFile, work: WorkForQueue): QueueTrack {
  const served = (file.availableLyrics ?? []).map((l) => ({
    title: l.title,
    confidence: l.confidence,
    mediaDownloadUrl: l.mediaDownloadUrl,
    ...(l.source === 'community'
      ? {
          community: {
            contributor: l.contributor ?? '',
            language: l.language ?? '',
            ...(l.version === undefined ? {} : { version: l.version }),
          },
        }
      : {}),
  }));
  const lyrics = inListenerOrder(served, currentLocale());
  const queueWork: QueueWork = {
    id: work.id,
    source_id: work.source_id,
    source_type: work.source_type,
    title: work.title,
    ...(work.circle ? { circle: { name: work.circle.name } } : {}),
    ...(work.mainCoverUrl ? { mainCoverUrl: work.mainCoverUrl } : {}),
    ...(work.samCoverUrl ? { samCoverUrl: work.samCoverUrl } : {}),
    ...(work.thumbnailCoverUrl ? { thumbnailCoverUrl: work.thumbnailCoverUrl } : {}),
  };
  return {
    hash: file.hash,
    title: file.title,
    workTitle: file.workTitle || work.title,
    mediaStreamUrl: file.mediaStreamUrl,
    mediaDownloadUrl: file.mediaDownloadUrl,
    streamLowQualityUrl: file.streamLowQualityUrl ?? '',
    mainCoverUrl: work.mainCoverUrl ?? '',
    samCoverUrl: work.samCoverUrl ?? '',
    thumbnailCoverUrl: work.thumbnailCoverUrl ?? '',
    duration: file.duration ?? 0,
    availableLyrics: lyrics,
    selectedLyricIndex: chooseLyric(lyrics),
    work: queueWork,
  };
}
