/** Local subtitles offered for a work's tracks, scored by the contract's matcher. */
import { matchConfidence } from '@sasayaki/contract';
import type { QueueLyric } from '../lyrics/index.ts';
import { subtitleDb } from './db.ts';
import { subtitlesOfWork } from './repository.ts';

export interface TrackToMatch {
  hash: string;
  title: string;
  /** Seconds. */
  duration: number;
}

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const decoder = new TextDecoder();

/**
 * For each track, every local subtitle of its work as a lyric, best match first: confidence =
 * 0.3 × title similarity + 0.7 × duration similarity (0 beyond 5 s apart).
 */
export async function localLyricsFor(
  workId: number,
  tracks: readonly TrackToMatch[],
  db = subtitleDb(),
): Promise<Map<string, QueueLyric[]>> {
  const out = new Map<string, QueueLyric[]>();
  const subtitles = await subtitlesOfWork(db, workId);
  if (subtitles.length === 0) return out;
  const candidates = subtitles.map(({ record, content }) => ({
    title: fileName(record.subtitle_file_path),
    path: record.subtitle_file_path,
    duration: content.duration,
    text: decoder.decode(content.content),
  }));
  for (const track of tracks) {
    const scored = candidates.map((c) => ({
      title: c.title,
      subtitle_file_path: c.path,
      content: c.text,
      confidence: matchConfidence(c, { title: track.title, duration: track.duration }),
    }));
    scored.sort(
      (a, b) => b.confidence - a.confidence || a.subtitle_file_path.localeCompare(b.subtitle_file_path),
    );
    out.set(track.hash, scored);
  }
  return out;
}
