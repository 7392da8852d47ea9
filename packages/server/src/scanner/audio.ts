/** Audio durations from the file headers (music-metadata, in-process, no ffprobe per file). */
import { parseFile } from 'music-metadata';

/** Seconds of audio in a file; throws when the file is not readable audio. */
export type AudioProbe = (absPath: string) => Promise<number>;

export const probeDuration: AudioProbe = async (absPath) => {
  const meta = await parseFile(absPath, { duration: true, skipCovers: true });
  const d = meta.format.duration;
  if (d === undefined || !Number.isFinite(d) || d <= 0) throw new Error('no audio stream found');
  return d;
};
