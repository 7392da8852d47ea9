import { describe, expect, it } from 'vitest';
import { chooseLyric, withLocalLyric, withMatchedLyrics } from './choice.ts';
import { decodeText } from './decode.ts';
import { loadLyricLines } from './load.ts';
import { lineAt, roundOffset, seekTimeOf, shiftOffset } from './offset.ts';

describe('automatic lyric choice (docs/product.md §4)', () => {
  it('takes the first lyric only when its confidence is at least 0.8', () => {
    expect(chooseLyric([])).toBe(-1);
    expect(chooseLyric([{ title: 'a', confidence: 0.8 }])).toBe(0);
    expect(
      chooseLyric([
        { title: 'a', confidence: 0.79 },
        { title: 'b', confidence: 1 },
      ]),
    ).toBe(-1);
  });
  it('puts a local lyric first with confidence 1 and chooses it', () => {
    const r = withLocalLyric([{ title: 'a', confidence: 0.2 }], {
      title: 'local.lrc',
      content: '[00:01.00]x',
    });
    expect(r.lyrics.map((l) => [l.title, l.confidence])).toEqual([
      ['local.lrc', 1],
      ['a', 0.2],
    ]);
    expect(r.selectedLyricIndex).toBe(0);
  });
});

describe('offset arithmetic', () => {
  it('stays on the 0.1 s grid through repeated steps', () => {
    let o = 0;
    for (let i = 0; i < 10; i++) o = shiftOffset(o, 0.3);
    expect(o).toBe(3);
    for (let i = 0; i < 7; i++) o = shiftOffset(o, -0.1);
    expect(o).toBe(2.3);
    expect(roundOffset(Number.NaN)).toBe(0);
    expect(roundOffset(-0.04)).toBe(0);
    expect(Object.is(roundOffset(-0.04), -0)).toBe(false);
  });
  it('shows each line later by a positive offset and seeks to the shifted time', () => {
    const lines = [{ start: 1 }, { start: 3 }, { start: 6 }];
    expect(lineAt(lines, 0.5, 0)).toBe(-1);
    expect(lineAt(lines, 3, 0)).toBe(1);
    expect(lineAt(lines, 3, 0.5)).toBe(0);
    expect(lineAt(lines, 2.8, -0.3)).toBe(1);
    expect(lineAt(lines, 100, 0)).toBe(2);
    expect(seekTimeOf({ start: 3 }, 0.5)).toBe(3.5);
    expect(seekTimeOf({ start: 0.2 }, -0.5)).toBe(0);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with or without BOM and UTF-16 with BOM', () => {
    const utf8 = new TextEncoder().encode('こんにちは');
    expect(decodeText(utf8)).toBe('こんにちは');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe('こんにちは');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x42, 0x30]))).toBe('あ');
  });
  it('reads Shift_JIS Japanese and GBK Chinese', () => {
    // 「おやすみ」 in Shift_JIS
    expect(decodeText(new Uint8Array([0x82, 0xa8, 0x82, 0xe2, 0x82, 0xb7, 0x82, 0xdd]))).toBe('おやすみ');
    // 「晚安」 in GBK
    expect(decodeText(new Uint8Array([0xcd, 0xed, 0xb0, 0xb2]))).toBe('晚安');
  });
});

describe('loadLyricLines', () => {
  it('parses a local lyric from its content and a server lyric fetched as binary', async () => {
    expect(await loadLyricLines({ title: 'x.lrc', confidence: 1, content: '[00:02.00]hi' })).toEqual([
      { start: 2, end: 2, text: 'hi' },
    ]);
    const calls: [string, RequestInit | undefined][] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response('WEBVTT\n\n00:01.000 --> 00:02.000\nやあ');
    }) as unknown as typeof fetch;
    const lines = await loadLyricLines(
      { title: 'x.vtt', confidence: 1, mediaDownloadUrl: '/api/media/download/9' },
      fake,
    );
    expect(lines).toEqual([{ start: 1, end: 2, text: 'やあ' }]);
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });
  it('rejects on a failed fetch and tries again next time', async () => {
    let n = 0;
    const failing = (async () => {
      n++;
      return new Response('nope', { status: 404, statusText: 'Not Found' });
    }) as unknown as typeof fetch;
    const lyric = { title: 'y.lrc', confidence: 1, mediaDownloadUrl: '/api/media/download/10' };
    await expect(loadLyricLines(lyric, failing)).rejects.toThrow('404');
    await expect(loadLyricLines(lyric, failing)).rejects.toThrow('404');
    expect(n).toBe(2);
  });
});

describe('matched local subtitles', () => {
  const server = { title: '01.lrc', confidence: 0.5, mediaDownloadUrl: '/api/media/download/1' };
  const good = { title: '01 a.lrc', confidence: 0.95, content: 'x', subtitle_file_path: 'RJ1/01 a.lrc' };
  const weak = { title: '02 b.lrc', confidence: 0.1, content: 'y', subtitle_file_path: 'RJ1/02 b.lrc' };

  it('orders by confidence and chooses automatically again when the choice was automatic', () => {
    const r = withMatchedLyrics([server], chooseLyric([server]), [good, weak]);
    expect(r.lyrics.map((l) => l.title)).toEqual(['01 a.lrc', '01.lrc', '02 b.lrc']);
    expect(r.selectedLyricIndex).toBe(0);
    // Matching again replaces the earlier matches instead of adding them twice.
    const again = withMatchedLyrics(r.lyrics, r.selectedLyricIndex, [{ ...good }, { ...weak }]);
    expect(again.lyrics).toHaveLength(3);
    expect(again.selectedLyricIndex).toBe(0);
  });

  it('keeps a lyric the listener picked, and chooses none below 0.8', () => {
    const picked = withMatchedLyrics([server, { ...server, title: 'other.lrc', confidence: 0.4 }], 1, [good]);
    expect(picked.lyrics[picked.selectedLyricIndex]?.title).toBe('other.lrc');
    expect(withMatchedLyrics([server], -1, [weak]).selectedLyricIndex).toBe(-1);
  });
});
