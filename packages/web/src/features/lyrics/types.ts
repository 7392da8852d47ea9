/** A lyric or subtitle offered for a track: from the server (url) or from a local file (content). */
export interface QueueLyric {
  title: string;
  /** 0 to 1; a local file gets 1 (docs/product.md §4). */
  confidence: number;
  /** Present for server lyrics: fetched as binary without the auth header (docs/product.md §7). */
  mediaDownloadUrl?: string;
  /** Present for local subtitles: the decoded text. */
  content?: string;
  /** Path inside the local subtitle archive, for local subtitles. */
  subtitle_file_path?: string;
  /** An accepted community subtitle (docs/subtitles.md): its contributor, language and version. */
  community?: { contributor: string; language: string; version?: number };
}
