/** Preparing a subtitle upload: zip entries within limits, matching, refusals, base64. */
import type { TrackFile } from '@sasayaki/contract';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { base64Of, fileIdOf, prepareFiles, zipSubtitles } from './subtitleUpload.ts';

const enc = new TextEncoder();
const track = (id: number, title: string, duration: number) =>
  ({ type: 'audio', hash: `7/${id}`, title, duration }) as TrackFile;
const TRACKS = [track(11, '01 Opening.mp3', 120), track(12, '02 Main.mp3', 600)];
const LRC = '[00:01.00]Good evening\n[00:05.00]Shall we begin?';

describe('subtitle upload preparation', () => {
  it('opens a zip, keeps its subtitle entries and matches each to its track', () => {
    const zip = zipSync({
      'en/01 Opening.lrc': enc.encode(LRC),
      'en/02 Main.lrc': enc.encode(LRC),
      'read.txt': enc.encode('x'),
    });
    const items = prepareFiles([{ name: 'night.zip', bytes: zip }], TRACKS);
    expect(items.map((i) => [i.name, i.trackHash, i.cues.length, i.refusal])).toEqual([
      ['01 Opening.lrc', '7/11', 2, undefined],
      ['02 Main.lrc', '7/12', 2, undefined],
    ]);
  });

  it('refuses a zip bomb from its directory and a binary or unnamed file', () => {
    const bomb = zipSync({ 'a.lrc': new Uint8Array(15 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(zipSubtitles(bomb)).toBeNull();
    const items = prepareFiles(
      [
        { name: 'bomb.zip', bytes: bomb },
        { name: 'cover.lrc', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]) },
        { name: 'notes.txt', bytes: enc.encode(LRC) },
        { name: 'empty.vtt', bytes: enc.encode('WEBVTT\n') },
      ],
      TRACKS,
    );
    expect(items.map((i) => i.refusal)).toEqual(['zip', 'binary', 'format', 'noLines']);
  });

  it('leaves the track to choose when nothing matches', () => {
    const [item] = prepareFiles([{ name: 'translation.lrc', bytes: enc.encode(LRC) }], TRACKS);
    expect(item?.trackHash).toBe('');
    expect(item?.refusal).toBeUndefined();
  });

  it('reads Shift_JIS text and encodes UTF-8 as base64', () => {
    const sjis = new Uint8Array([
      ...enc.encode('[00:01.00]'),
      0x82,
      0xb1,
      0x82,
      0xf1,
      0x82,
      0xce,
      0x82,
      0xf1,
      0x82,
      0xcd,
    ]);
    const [item] = prepareFiles([{ name: '01 Opening.lrc', bytes: sjis }], TRACKS);
    expect(item?.cues[0]?.text).toBe('こんばんは');
    expect(atob(base64Of('é'))).toBe('\u00c3\u00a9');
    expect(fileIdOf('7/12')).toBe(12);
  });
});
