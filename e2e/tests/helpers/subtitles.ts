/// <reference lib="dom" />
/** Local subtitle archives for the browser tests: a work without subtitle files and archives of its subtitles. */
import type { Page } from '@playwright/test';
import type { TrackFile, TrackNode } from '@sasayaki/contract';
import { zipSync } from 'fflate';

/** BJ301234: two short tracks and no subtitle files in its folder. */
export const WORK = { code: 'BJ301234', id: 100_301_234, keyword: '耳元朗読' };

export const vtt = (seconds: number, lines: string[]) =>
  `WEBVTT\n\n${lines
    .map((text, i) => {
      const start = (i * seconds) / lines.length;
      const end = ((i + 1) * seconds) / lines.length;
      return `00:00:${start.toFixed(3).padStart(6, '0')} --> 00:00:${end.toFixed(3).padStart(6, '0')}\n${text}`;
    })
    .join('\n\n')}\n`;

export async function audioTracks(page: Page): Promise<TrackFile[]> {
  const tree = (await (await page.request.get(`/api/tracks/${WORK.id}?v=1`)).json()) as TrackNode[];
  const files = (function flat(nodes: TrackNode[]): TrackFile[] {
    return nodes.flatMap((n) => (n.type === 'folder' ? flat(n.children) : [n]));
  })(tree);
  return files.filter((f) => f.type === 'audio');
}

export const stripAudioExt = (title: string) => title.replace(/\.[a-z0-9]+$/i, '');

/**
 * An archive as fans pass them around: the work's subtitles in a nested zip, a macOS fork,
 * a picture, and a pile of subtitles of another work (so progress has something to count).
 */
export async function subtitleArchive(page: Page, filler = 1500): Promise<Buffer> {
  const tracks = await audioTracks(page);
  const inner: Record<string, Uint8Array> = {};
  tracks.forEach((t, i) => {
    inner[`${stripAudioExt(t.title)}.vtt`] = new TextEncoder().encode(
      vtt(t.duration ?? 3, [`ローカル字幕 ${i + 1}-A`, `ローカル字幕 ${i + 1}-B`]),
    );
  });
  const files: Record<string, Uint8Array> = {
    [`${WORK.code} 耳元朗読の本 字幕.zip`]: zipSync({
      'ja/': {},
      ...Object.fromEntries(Object.entries(inner).map(([k, v]) => [`ja/${k}`, v])),
    }),
    [`__MACOSX/._${WORK.code}.zip`]: new Uint8Array([0, 5, 22, 7]),
    'cover.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
  };
  for (let i = 0; i < filler; i++) {
    files[`RJ999999 other/${String(i).padStart(4, '0')}.lrc`] = new TextEncoder().encode(
      `[00:01.00]line ${i}\n`,
    );
  }
  return Buffer.from(zipSync(files));
}

export async function importFromSettings(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page
    .getByTestId('subtitle-import-input')
    .setInputFiles({ name, mimeType: 'application/zip', buffer });
}
