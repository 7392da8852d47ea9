/** File types by extension: what the track tree shows and what the scanner parses. */
export type FileType = 'folder' | 'audio' | 'text' | 'image' | 'other';

const AUDIO = new Set([
  'mp3',
  'wav',
  'flac',
  'ogg',
  'oga',
  'opus',
  'm4a',
  'aac',
  'wma',
  'aiff',
  'aif',
  'ape',
  'tta',
]);
const TEXT = new Set(['txt', 'lrc', 'vtt', 'srt', 'ass', 'ssa', 'md', 'json', 'csv', 'nfo', 'log', 'ini']);
const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'avif']);
/** Subtitle formats linked to the audio file they belong to. */
export const SUBTITLE_EXTENSIONS = new Set(['lrc', 'vtt', 'srt', 'ass']);

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
}

/** Video (mp4, avi, mkv …) and everything unknown is `other`: listed and streamed, not parsed. */
export function fileTypeOf(name: string): Exclude<FileType, 'folder'> {
  const ext = extensionOf(name);
  if (AUDIO.has(ext)) return 'audio';
  if (TEXT.has(ext)) return 'text';
  if (IMAGE.has(ext)) return 'image';
  return 'other';
}

export const isSubtitle = (name: string) => SUBTITLE_EXTENSIONS.has(extensionOf(name));
