import { describe, expect, it } from 'vitest';
import { formatKeyword, formatTerm } from '../src/search/format.ts';
import { parseKeyword } from '../src/search/parse.ts';
import { SEARCH_NAMESPACES, type SearchTerm, type SearchTermType } from '../src/search/types.ts';

// A fixed-seed generator so any failure can be replayed.
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('formatTerm', () => {
  it.each<[SearchTerm, string]>([
    [{ type: 'plain', value: 'word', isExclude: false }, 'word'],
    [{ type: 'plain', value: 'two words', isExclude: true }, '-"two words"'],
    [{ type: 'plain', value: '-dash', isExclude: false }, '"-dash"'],
    [{ type: 'plain', value: 'say "hi"', isExclude: false }, '"say ""hi"""'],
    [{ type: 'plain', value: '$tag', isExclude: false }, '"$tag"'],
    [{ type: 'plain', value: '', isExclude: true }, ''],
    [{ type: 'partialNamespace', namespace: 'ta', value: '', isExclude: false }, '$ta'],
    [{ type: 'partialNamespace', namespace: '', value: '', isExclude: true }, '$-'],
    [{ type: 'partialValue', namespace: 'tag', value: 'AS', isExclude: false }, '$tag:AS'],
    [{ type: 'fullSpecial', namespace: 'tag', value: 'ASMR', isExclude: false }, '$tag:ASMR$'],
    [
      { type: 'fullSpecial', namespace: 'circle', value: 'Team Sasayaki', isExclude: true },
      '$-circle:"Team Sasayaki"$',
    ],
    [
      { type: 'fullSpecial', namespace: 'va', value: '小倉\u3000唯', isExclude: false },
      '$va:"小倉\u3000唯"$',
    ],
    [{ type: 'fullSpecial', namespace: 'circle', value: 'a＄b', isExclude: false }, '$circle:"a＄b"$'],
  ])('%j → %s', (term, text) => {
    expect(formatTerm(term)).toBe(text);
  });

  it('writes the long namespace name for an alias typed by the user', () => {
    expect(formatKeyword(parseKeyword('$t:a$ $C:b$ $v:c$ $d:30m$'))).toBe(
      '$tag:a$ $circle:b$ $va:c$ $duration:30m$',
    );
  });

  it('writes both exclusion forms the same way', () => {
    expect(formatKeyword(parseKeyword('-$tag:a$ $-tag:a$'))).toBe('$-tag:a$ $-tag:a$');
  });

  it('ends an unfinished value with a line break so the next term cannot join it', () => {
    const terms: SearchTerm[] = [
      { type: 'partialValue', namespace: 'tag', value: 'foo', isExclude: false },
      { type: 'partialNamespace', namespace: '', value: '', isExclude: false },
    ];
    expect(formatKeyword(terms)).toBe('$tag:foo\n$');
    expect(parseKeyword(formatKeyword(terms))).toEqual(terms);
  });
});

describe('round trip: parse(format(terms)) = terms', () => {
  const values = [
    'ASMR',
    'two words',
    '耳かき',
    '小倉\u3000唯',
    '"quoted"',
    'a$b',
    '-x',
    '＄',
    'a:b',
    '4.5',
    '1.2h',
  ];
  const types: SearchTermType[] = ['plain', 'partialNamespace', 'partialValue', 'fullSpecial'];
  const namespaces = [...SEARCH_NAMESPACES, 'unknownNs'];

  it('for 3000 random lists of well-formed terms', () => {
    const next = rng(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    for (let n = 0; n < 3000; n++) {
      const terms: SearchTerm[] = Array.from({ length: Math.floor(next() * 6) }, () => {
        const type = pick(types);
        const isExclude = next() < 0.3;
        if (type === 'plain') return { type, value: pick(values), isExclude };
        if (type === 'partialNamespace')
          return { type, namespace: pick(['', 't', 'ta', 'tag']), value: '', isExclude };
        return { type, namespace: pick(namespaces), value: next() < 0.1 ? '' : pick(values), isExclude };
      });
      const text = formatKeyword(terms);
      expect(parseKeyword(text), text).toEqual(terms);
    }
  });

  it('for 5000 random keywords: formatting what was parsed parses back the same', () => {
    const next = rng(11);
    const alphabet = ['$', '＄', ':', '：', '-', '"', ' ', '\u3000', '\n', 'a', 'T', '耳', 'R', 'J', '0'];
    for (let n = 0; n < 5000; n++) {
      const keyword = Array.from(
        { length: Math.floor(next() * 20) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const terms = parseKeyword(keyword);
      const text = formatKeyword(terms);
      expect(parseKeyword(text), `${JSON.stringify(keyword)} → ${JSON.stringify(text)}`).toEqual(terms);
    }
  });
});
