/**
 * getLyricsBySongId (OpenSubsonic `songLyrics`) and getLyrics: the subtitle files the scanner
 * linked to a track (lrc, vtt, srt, ass), read in the charset detected at scan time and parsed
 * by the contract's subtitle parsers into timed lines.
 */

import type { Work } from '@sasayaki/contract';
import { parseSubtitle } from '@sasayaki/contract';
import { mediaFile, openMediaFile } from '../../services/media.ts';
import { acceptedText, communitySubtitlesOf } from '../../services/subtitles.ts';
import { songsTitled } from '../../services/tracks.ts';
import type { Call, Method } from '../call.ts';
import { idOf } from '../ids.ts';
import { lastStreamed } from '../lastStreamed.ts';
import type { LaidSong } from '../layout.ts';
import { notFound } from '../protocol.ts';
import { songAt } from './browse.ts';

/** A song with its work, as songAt finds it. */
type Found = { work: Work; song: LaidSong };

/** Larger subtitle files are not lyrics (and are not read whole into memory). */
const LYRICS_MAX_BYTES = 4 * 1024 * 1024;

/** A decoder of the detected charset; UTF-8 when the charset is unknown to this runtime. */
function decoderFor(charset: string | null) {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

async function subtitleText(c: Call, fileId: number): Promise<string | null> {
  const file = await mediaFile(c.ctx, fileId);
  if (file.size > LYRICS_MAX_BYTES) return null;
  const opened = await openMediaFile(file);
  try {
    const bytes = await opened.handle.readFile();
    return decoderFor(file.charset).decode(bytes);
  } finally {
    await opened.handle.close();
  }
}

/**
 * Structured lyrics of each subtitle file linked to the song, in name order, then each accepted
 * community subtitle with its language (`lang`) and its contributor credited in `displayArtist`.
 */
async function structuredLyrics(c: Call, work: Work, song: LaidSong) {
  const out = [];
  const community = (await communitySubtitlesOf(c.ctx.db, [song.fileId])).get(song.fileId) ?? [];
  for (const lyric of song.lyrics) {
    const text = await subtitleText(c, lyric.fileId);
    if (text === null) continue;
    const cues = parseSubtitle(text, lyric.name);
    if (cues.length === 0) continue;
    out.push({
      displayArtist: work.circle?.name ?? '',
      displayTitle: song.title,
      lang: 'und',
      offset: 0,
      synced: true,
      line: cues.map((cue) => ({ start: Math.round(cue.start * 1000), value: cue.text })),
    });
  }
  for (const sub of community) {
    const text = await acceptedText(c.ctx.config.dataDir, sub.id);
    const cues = text === null ? [] : parseSubtitle(text, sub.format);
    if (cues.length === 0) continue;
    out.push({
      displayArtist: `${work.circle?.name ?? ''} (subtitles: ${sub.contributor})`.trim(),
      displayTitle: song.title,
      lang: sub.language,
      offset: 0,
      synced: true,
      line: cues.map((cue) => ({ start: Math.round(cue.start * 1000), value: cue.text })),
    });
  }
  return out;
}

/** The first song of this title (among the first 50 files named so) that `fits`. */
async function firstSongTitled(
  c: Call,
  title: string,
  fits: (at: Found | null) => boolean,
): Promise<Found | null> {
  for (const f of await songsTitled(c.ctx.db, title, 50)) {
    const at = await songAt(c, f.id).catch(() => null);
    if (at && fits(at)) return at;
  }
  return null;
}

export const lyricsMethods: Record<string, Method> = {
  getLyricsBySongId: async (c) => {
    const id = idOf(c.params.need('id'), 'id', ['song'] as const);
    const { work, song } = await songAt(c, id.fileId);
    return { lyricsList: { structuredLyrics: await structuredLyrics(c, work, song) } };
  },

  getLyrics: async (c) => {
    const title = c.params.str('title')?.trim() ?? '';
    const artist = c.params.str('artist')?.trim().toLowerCase() ?? '';
    if (!title) return { lyrics: {} };
    const fits = (at: Found | null): at is Found =>
      !!at &&
      at.song.lyrics.length > 0 &&
      at.song.title.toLowerCase() === title.toLowerCase() &&
      (!artist ||
        at.work.circle?.name.toLowerCase() === artist ||
        at.work.vas.some((va) => va.name.toLowerCase() === artist));
    // The song the caller is playing, when it is one of this title (see lastStreamed.ts).
    const streamed = lastStreamed(c.ctx, c.viewer);
    const playing = streamed === undefined ? null : await songAt(c, streamed).catch(() => null);
    const best = fits(playing) ? playing : await firstSongTitled(c, title, fits);
    if (!best) return { lyrics: { artist: c.params.str('artist'), title } };
    const [lyrics] = await structuredLyrics(c, best.work, best.song);
    if (!lyrics) throw notFound('Lyrics');
    return {
      lyrics: {
        artist: best.work.circle?.name ?? '',
        title: best.song.title,
        value: lyrics.line.map((l) => l.value).join('\n'),
      },
    };
  },
};
