import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { looksLikeText, readLocalLyric } from './localFile.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a subtitle file picked from the device', () => {
  it('is read when it is a timed text file of a subtitle extension', () => {
    const read = readLocalLyric('01 intro.LRC', bytes('\uFEFF[00:01.00]first\n[00:03.00]second\n'));
    expect(read).toEqual({
      ok: true,
      lyric: { title: '01 intro.LRC', content: '[00:01.00]first\n[00:03.00]second\n' },
    });
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...'[00:01.00]あ\n'].map((c) => c.charCodeAt(0))).buffer),
    ]);
    expect(readLocalLyric('a.lrc', utf16).ok).toBe(true);
  });

  it('is refused for another extension, even with subtitle text', () => {
    for (const name of ['subs.zip', 'notes.txt', 'lrc', 'a.lrc.bak'])
      expect(readLocalLyric(name, bytes('[00:01.00]line\n'))).toEqual({ ok: false, reason: 'extension' });
  });

  it('is refused when the bytes are an archive or binary, whatever its name', () => {
    const zip = zipSync({ '01.lrc': bytes('[00:01.00]line\n') });
    expect(readLocalLyric('subs.lrc', zip)).toEqual({ ok: false, reason: 'binary' });
    const noise = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256);
    expect(readLocalLyric('noise.vtt', noise)).toEqual({ ok: false, reason: 'binary' });
    expect(looksLikeText(bytes('[00:01.00]tab\there\r\n'))).toBe(true);
  });

  it('is refused when the text has no timed lines', () => {
    expect(readLocalLyric('empty.srt', bytes('just some words\n'))).toEqual({ ok: false, reason: 'noLines' });
  });
});
