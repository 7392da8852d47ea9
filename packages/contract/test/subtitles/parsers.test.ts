import { describe, expect, it } from 'vitest';
import {
  parseAss,
  parseClock,
  parseLrc,
  parseSrt,
  parseSubtitle,
  parseVtt,
  sniffFormat,
  subtitleDuration,
  subtitleFormatOf,
} from '../../src/index.ts';

const BOM = '\uFEFF';

describe('parseClock', () => {
  it('reads hours, minutes, seconds and fractions of any length', () => {
    expect(parseClock('01:02:03.500')).toBe(3723.5);
    expect(parseClock('02:03,25')).toBe(123.25);
    expect(parseClock('0:00:01.5')).toBe(1.5);
    expect(parseClock('61:00')).toBe(3660);
  });
  it('rejects what is not a clock', () => {
    expect(parseClock('1:75')).toBeNaN();
    expect(parseClock('abc')).toBeNaN();
    expect(parseClock('')).toBeNaN();
  });
});

describe('parseLrc', () => {
  it('reads timed lines with a BOM, CRLF, metadata and blank lines', () => {
    const text = `${BOM}[ti:おやすみ]\r\n[ar:circle]\r\n\r\n[00:01.00]こんばんは\r\n[00:04.50]おやすみなさい\r\n`;
    expect(parseLrc(text)).toEqual([
      { start: 1, end: 4.5, text: 'こんばんは' },
      { start: 4.5, end: 4.5, text: 'おやすみなさい' },
    ]);
  });
  it('expands a line with several time tags and sorts the result', () => {
    const cues = parseLrc('[00:10.00][00:02.00]chorus\n[00:05.00]verse');
    expect(cues.map((c) => [c.start, c.text])).toEqual([
      [2, 'chorus'],
      [5, 'verse'],
      [10, 'chorus'],
    ]);
    expect(cues[0]?.end).toBe(5);
  });
  it('applies [offset:] in milliseconds (positive shows lines sooner)', () => {
    expect(parseLrc('[offset:+500]\n[00:02.00]a\n[00:03.00]b').map((c) => c.start)).toEqual([1.5, 2.5]);
    expect(parseLrc('[offset:-250]\n[00:02.00]a').map((c) => c.start)).toEqual([2.25]);
    expect(parseLrc('[offset:3000]\n[00:01.00]a')[0]?.start).toBe(0);
  });
  it('accepts mm:ss without fraction, a colon before the fraction and three-digit fractions', () => {
    expect(parseLrc('[01:02]a\n[01:03:50]b\n[01:04.125]c').map((c) => c.start)).toEqual([62, 63.5, 64.125]);
  });
  it('strips enhanced word timings and keeps empty lines that clear the display', () => {
    const cues = parseLrc('[00:01.00]<00:01.00>word <00:01.50>by word\n[00:03.00]');
    expect(cues).toEqual([
      { start: 1, end: 3, text: 'word by word' },
      { start: 3, end: 3, text: '' },
    ]);
  });
  it('gives nothing for text without time tags', () => {
    expect(parseLrc('just a text file\nwith lines')).toEqual([]);
  });
});

describe('parseVtt', () => {
  it('skips the header, NOTE, STYLE and REGION blocks and reads identifiers and settings', () => {
    const text = [
      `${BOM}WEBVTT - demo`,
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'NOTE a comment',
      'over two lines',
      '',
      'REGION',
      'id:fred width:40%',
      '',
      'intro',
      '00:00:01.000 --> 00:00:03.000 align:start position:10%',
      'はじめまして',
      '',
      '00:04.000 --> 00:06.500',
      'two lines,',
      'one cue',
    ].join('\r\n');
    expect(parseVtt(text)).toEqual([
      { start: 1, end: 3, text: 'はじめまして' },
      { start: 4, end: 6.5, text: 'two lines,\none cue' },
    ]);
  });
  it('removes voice and class spans, inline timestamps and entities', () => {
    const text =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Mika>Hi</v> <c.loud>&amp; <00:00:01.500>bye</c> &lt;3';
    expect(parseVtt(text)[0]?.text).toBe('Hi & bye <3');
  });
  it('sorts cues that are out of order and skips broken timings', () => {
    const text =
      'WEBVTT\n\n00:10.000 --> 00:11.000\nb\n\n00:99.000 --> 01:00.000\nbroken\n\n00:02.000 --> 00:03.000\na';
    expect(parseVtt(text).map((c) => c.text)).toEqual(['a', 'b']);
  });
});

describe('parseSrt', () => {
  it('reads numbered blocks with comma fractions, CRLF and multi-line text', () => {
    const text = `${BOM}1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>first</i>\r\nline\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n{\\an8}second\r\n\r\n`;
    expect(parseSrt(text)).toEqual([
      { start: 1, end: 2.5, text: 'first\nline' },
      { start: 3, end: 4, text: 'second' },
    ]);
  });
  it('tolerates missing hours, dots instead of commas, extra blank lines and missing numbers', () => {
    const text = '\n\n00:01,000 --> 00:02.000\nno number\n\n\n\n7\n01:00:00,000 --> 01:00:01,000\nlate';
    expect(parseSrt(text)).toEqual([
      { start: 1, end: 2, text: 'no number' },
      { start: 3600, end: 3601, text: 'late' },
    ]);
  });
});

describe('more real-world quirks', () => {
  it('reads SRT timings without spaces around the arrow and with trailing spaces', () => {
    expect(parseSrt('1\n00:00:01,000-->00:00:02,000   \nsquashed\n')).toEqual([
      { start: 1, end: 2, text: 'squashed' },
    ]);
  });
  it('ignores an HLS X-TIMESTAMP-MAP header line in WebVTT', () => {
    const text = 'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n00:01.000 --> 00:02.000\nx';
    expect(parseVtt(text)).toEqual([{ start: 1, end: 2, text: 'x' }]);
  });
  it('reads old SSA files whose Format starts with Marked', () => {
    const text =
      '[Events]\nFormat: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: Marked=0,0:00:03.00,0:00:04.00,*Default,,0000,0000,0000,,old style';
    expect(parseAss(text)).toEqual([{ start: 3, end: 4, text: 'old style' }]);
  });
  it('keeps a cue whose end is before its start as a zero-length cue instead of dropping the file', () => {
    expect(parseVtt('WEBVTT\n\n00:05.000 --> 00:04.000\nodd')).toEqual([{ start: 5, end: 5, text: 'odd' }]);
  });
});

describe('parseAss', () => {
  const ass = [
    `${BOM}[Script Info]`,
    'Title: demo',
    'ScriptType: v4.00+',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize',
    'Style: Default,Arial,20',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    'Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,not shown',
    'Dialogue: 0,0:00:05.00,0:00:07.50,Default,,0,0,0,,{\\i1}second{\\i0}, with a comma',
    'Dialogue: 0,0:00:01.20,0:00:03.00,Default,Mika,0,0,0,,{\\pos(10,10)\\b1}first\\Nline\\hend',
  ].join('\r\n');
  it('reads Dialogue lines through the Format line, strips overrides, keeps commas in text', () => {
    expect(parseAss(ass)).toEqual([
      { start: 1.2, end: 3, text: 'first\nline\u00a0end' },
      { start: 5, end: 7.5, text: 'second, with a comma' },
    ]);
  });
  it('follows a Format line with another field order', () => {
    const text = '[Events]\nFormat: Start, End, Text\nDialogue: 0:00:02.00,0:00:04.00,hello, world';
    expect(parseAss(text)).toEqual([{ start: 2, end: 4, text: 'hello, world' }]);
  });
  it('ignores Dialogue-like lines outside [Events]', () => {
    expect(parseAss('[Script Info]\nDialogue: 0,0:00:01.00,0:00:02.00,x,,0,0,0,,no')).toEqual([]);
  });
});

describe('parseSubtitle and subtitleDuration', () => {
  it('dispatches by extension or file name, case-insensitively', () => {
    expect(subtitleFormatOf('01.mp3.VTT')).toBe('vtt');
    expect(subtitleFormatOf('.srt')).toBe('srt');
    expect(subtitleFormatOf('ass')).toBe('ass');
    expect(subtitleFormatOf('notes.txt')).toBeNull();
    expect(parseSubtitle('[00:01.00]a', '.lrc')).toHaveLength(1);
    expect(parseSubtitle('1\n00:00:01,000 --> 00:00:02,000\nx', 'a.SRT')).toHaveLength(1);
  });
  it('sniffs the format when the extension says nothing', () => {
    expect(sniffFormat(`${BOM}WEBVTT\n`)).toBe('vtt');
    expect(sniffFormat('[Script Info]\nTitle: x')).toBe('ass');
    expect(sniffFormat('1\n00:00:01,000 --> 00:00:02,000\nx')).toBe('srt');
    expect(parseSubtitle('WEBVTT\n\n00:01.000 --> 00:02.000\nx', 'txt')).toEqual([
      { start: 1, end: 2, text: 'x' },
    ]);
  });
  it('is the end of the last caption, 0 for nothing parsable', () => {
    expect(
      subtitleDuration(
        parseSubtitle('WEBVTT\n\n00:01.000 --> 00:09.250\na\n\n00:03.000 --> 00:04.000\nb', 'vtt'),
      ),
    ).toBe(9.25);
    expect(subtitleDuration(parseSubtitle('not a subtitle at all', 'vtt'))).toBe(0);
    expect(subtitleDuration(parseSubtitle('', 'lrc'))).toBe(0);
    expect(subtitleDuration([])).toBe(0);
  });
});
