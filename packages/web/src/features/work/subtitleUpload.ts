/**
 * What the subtitle upload dialog prepares before sending (docs/subtitles.md): the picked files
 * (a zip opened within the server's limits, so a bomb is refused from its directory), each read
 * as text, parsed, and matched to the work's tracks by the contract's matcher. The server checks
 * everything again; this is the preview and the sender's choice of track.
 */
import {
  type Cue,
  matchConfidence,
  parseSubtitle,
  SUBTITLE_LIMITS,
  subtitleDuration,
  subtitleFormatOf,
  type TrackFile,
  type TrackNode,
} from '@sasayaki/contract';
import { unzipSync } from 'fflate';
import { decodeText, looksLikeText } from '../lyrics/index.ts';

/** One subtitle ready to send, or the reason it cannot be. */
export interface PreparedSubtitle {
  name: string;
  text: string;
  cues: Cue[];
  /** The matched (or chosen) track's hash, '' when none. */
  trackHash: string;
  refusal?: 'format' | 'binary' | 'noLines' | 'tooLarge' | 'zip';
}

/** Below this, no track is matched and the sender chooses. */
export const PREVIEW_MATCH_MIN = 0.25;

export function audioFilesOf(tree: readonly TrackNode[]): TrackFile[] {
  return tree.flatMap((n) =>
    n.type === 'folder' ? audioFilesOf(n.children) : n.type === 'audio' ? [n] : [],
  );
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The entries of a zip that are subtitles, opened within the limits; null when it is refused. */
export function zipSubtitles(bytes: Uint8Array): { name: string; bytes: Uint8Array }[] | null {
  if (bytes.length > SUBTITLE_LIMITS.zipBytes) return null;
  let entries = 0;
  let total = 0;
  let bomb = false;
  try {
    const opened = unzipSync(bytes, {
      filter(e) {
        entries++;
        total += e.originalSize;
        if (entries > SUBTITLE_LIMITS.zipEntries || total > SUBTITLE_LIMITS.zipUncompressedBytes) bomb = true;
        if (e.originalSize > 64 * 1024 && e.originalSize > e.size * SUBTITLE_LIMITS.zipRatio) bomb = true;
        return !bomb && !e.name.endsWith('/') && subtitleFormatOf(e.name) !== null;
      },
    });
    if (bomb) return null;
    return Object.entries(opened).map(([name, data]) => ({ name: baseName(name), bytes: data }));
  } catch {
    return null;
  }
}

/** The best track for a subtitle by title and duration, '' below the threshold. */
export function bestTrack(name: string, cues: readonly Cue[], tracks: readonly TrackFile[]): string {
  let best = '';
  let score = PREVIEW_MATCH_MIN;
  for (const t of tracks) {
    const c = matchConfidence(
      { title: name, duration: subtitleDuration(cues) },
      { title: t.title, duration: t.duration ?? 0 },
    );
    if (c >= score) {
      best = t.hash;
      score = c;
    }
  }
  return best;
}

/** Reads one picked subtitle file. */
export function prepareFile(name: string, bytes: Uint8Array, tracks: readonly TrackFile[]): PreparedSubtitle {
  const base = { name: baseName(name), text: '', cues: [], trackHash: '' };
  if (!subtitleFormatOf(name)) return { ...base, refusal: 'format' };
  if (bytes.length > SUBTITLE_LIMITS.fileBytes) return { ...base, refusal: 'tooLarge' };
  if (!looksLikeText(bytes)) return { ...base, refusal: 'binary' };
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const cues = parseSubtitle(text, name);
  if (cues.length === 0) return { ...base, text, refusal: 'noLines' };
  return { ...base, text, cues, trackHash: bestTrack(base.name, cues, tracks) };
}

/** Every picked file prepared; a zip gives its subtitle entries (or one refusal). */
export function prepareFiles(
  picked: readonly { name: string; bytes: Uint8Array }[],
  tracks: readonly TrackFile[],
): PreparedSubtitle[] {
  return picked.flatMap((f) => {
    if (!/\.zip$/i.test(f.name)) return [prepareFile(f.name, f.bytes, tracks)];
    const inside = zipSubtitles(f.bytes);
    if (!inside) return [{ name: f.name, text: '', cues: [], trackHash: '', refusal: 'zip' as const }];
    return inside.map((e) => prepareFile(e.name, e.bytes, tracks));
  });
}

/** The file id of a track hash (`workId/fileId`). */
export const fileIdOf = (hash: string) => Number(hash.slice(hash.indexOf('/') + 1));

/** Base64 of UTF-8 text, for the upload body. */
export function base64Of(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
