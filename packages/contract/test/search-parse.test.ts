import { describe, expect, it } from 'vitest';
import { locateTerms, parseKeyword, termAt } from '../src/search/parse.ts';
import type { SearchTerm } from '../src/search/types.ts';

const plain = (value: string, isExclude = false): SearchTerm => ({ type: 'plain', value, isExclude });
const full = (namespace: string, value: string, isExclude = false): SearchTerm => ({
  type: 'fullSpecial',
  namespace,
  value,
  isExclude,
});

describe('parseKeyword: plain terms', () => {
  it('splits on any whitespace, full-width space and line breaks included', () => {
    expect(parseKeyword('a b\tc\nd\u3000e\r\nf')).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((v) => plain(v)),
    );
  });

  it('treats every Unicode space as a separator (no-break, em, ideographic, BOM)', () => {
    expect(parseKeyword('a\u00a0b\u2003c\u3000d\ufeffe\u2028f')).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((v) => plain(v)),
    );
  });

  it('returns nothing for an empty or blank keyword', () => {
    expect(parseKeyword('')).toEqual([]);
    expect(parseKeyword(' \u3000\n ')).toEqual([]);
  });

  it('keeps quoted phrases together and strips the quotes', () => {
    expect(parseKeyword('foo "two words" bar')).toEqual([plain('foo'), plain('two words'), plain('bar')]);
  });

  it('joins quoted segments to adjacent text and reads "" inside quotes as one quote', () => {
    expect(parseKeyword('ab"c d"e')).toEqual([plain('abc de')]);
    expect(parseKeyword('"say ""hi"""')).toEqual([plain('say "hi"')]);
  });

  it('lets an unclosed quote run to the end', () => {
    expect(parseKeyword('x "still typing')).toEqual([plain('x'), plain('still typing')]);
  });

  it('excludes a term with a leading minus, quoted phrases included', () => {
    expect(parseKeyword('-foo -"two words"')).toEqual([plain('foo', true), plain('two words', true)]);
  });

  it('keeps a quoted leading minus as text', () => {
    expect(parseKeyword('"-foo" --bar')).toEqual([plain('-foo'), plain('-bar', true)]);
  });

  it('drops a lone minus and empty quotes', () => {
    expect(parseKeyword('- "" -"" " " a')).toEqual([plain('a')]);
  });

  it('reads work codes as plain terms', () => {
    expect(parseKeyword('RJ01234567 vj123456 -BJ00123456')).toEqual([
      plain('RJ01234567'),
      plain('vj123456'),
      plain('BJ00123456', true),
    ]);
  });

  it('keeps a $ inside a plain word as text', () => {
    expect(parseKeyword('a$b')).toEqual([plain('a$b')]);
  });
});

describe('parseKeyword: special terms', () => {
  it.each([
    ['tag', 'tag'],
    ['tagw', 'tagw'],
    ['circle', 'circle'],
    ['va', 'va'],
    ['rate', 'rate'],
    ['price', 'price'],
    ['sell', 'sell'],
    ['age', 'age'],
    ['duration', 'duration'],
    ['lang', 'lang'],
    ['t', 'tag'],
    ['c', 'circle'],
    ['v', 'va'],
    ['d', 'duration'],
    ['TAG', 'tag'],
    ['T', 'tag'],
    ['Circle', 'circle'],
  ])('reads $%s:x$ as namespace %s', (typed, canonical) => {
    expect(parseKeyword(`$${typed}:x$`)).toEqual([full(canonical, 'x')]);
  });

  it('excludes with $-ns:v$, -$ns:v$ and both at once', () => {
    expect(parseKeyword('$-tag:a$ -$t:b$ -$-va:c$')).toEqual([
      full('tag', 'a', true),
      full('tag', 'b', true),
      full('va', 'c', true),
    ]);
  });

  it('keeps an unknown namespace as typed', () => {
    expect(parseKeyword('$Genre:x$')).toEqual([full('Genre', 'x')]);
  });

  it('reads $ns as a partial namespace, kept as typed', () => {
    expect(parseKeyword('$ta')).toEqual([
      { type: 'partialNamespace', namespace: 'ta', value: '', isExclude: false },
    ]);
    expect(parseKeyword('$T')).toEqual([
      { type: 'partialNamespace', namespace: 'T', value: '', isExclude: false },
    ]);
    expect(parseKeyword('-$')).toEqual([
      { type: 'partialNamespace', namespace: '', value: '', isExclude: true },
    ]);
    expect(parseKeyword('$-')).toEqual([
      { type: 'partialNamespace', namespace: '', value: '', isExclude: true },
    ]);
  });

  it('reads $ns:value without the closing $ as a partial value', () => {
    expect(parseKeyword('$t:耳')).toEqual([
      { type: 'partialValue', namespace: 'tag', value: '耳', isExclude: false },
    ]);
    expect(parseKeyword('$-circle:')).toEqual([
      { type: 'partialValue', namespace: 'circle', value: '', isExclude: true },
    ]);
  });

  it('lets a closed value contain spaces, not line breaks', () => {
    expect(parseKeyword('$circle:Team Sasayaki$ x')).toEqual([full('circle', 'Team Sasayaki'), plain('x')]);
    expect(parseKeyword('$va:小倉\u3000唯$')).toEqual([full('va', '小倉\u3000唯')]);
    expect(parseKeyword('$tag:a\nb$')).toEqual([
      { type: 'partialValue', namespace: 'tag', value: 'a', isExclude: false },
      plain('b$'),
    ]);
  });

  it('stops an unfinished value at the first space when the next $ opens another term', () => {
    expect(parseKeyword('$tag:ASMR word $va:X$')).toEqual([
      { type: 'partialValue', namespace: 'tag', value: 'ASMR', isExclude: false },
      plain('word'),
      full('va', 'X'),
    ]);
  });

  it('reads quoted values literally, $ and spaces included', () => {
    expect(parseKeyword('$tag:"long name"$ $circle:"$money$"$')).toEqual([
      full('tag', 'long name'),
      full('circle', '$money$'),
    ]);
    expect(parseKeyword('$tag:"a b"')).toEqual([
      { type: 'partialValue', namespace: 'tag', value: 'a b', isExclude: false },
    ]);
  });

  it('does not let a value span spaces when its closing $ is glued to more text', () => {
    expect(parseKeyword('$tag:a b$c')).toEqual([
      { type: 'partialValue', namespace: 'tag', value: 'a', isExclude: false },
      plain('b$c'),
    ]);
  });

  it('lets a value span spaces up to a $ followed by another term', () => {
    expect(parseKeyword('$c:Team S$$t:x$')).toEqual([full('circle', 'Team S'), full('tag', 'x')]);
  });

  it('needs no space after a closing $', () => {
    expect(parseKeyword('$tag:a$$va:b$word')).toEqual([full('tag', 'a'), full('va', 'b'), plain('word')]);
  });

  it('keeps colons after the first one in the value', () => {
    expect(parseKeyword('$tag:a:b$')).toEqual([full('tag', 'a:b')]);
  });

  it('reads $ns$ as a special term with an empty value', () => {
    expect(parseKeyword('$tag$')).toEqual([full('tag', '')]);
  });

  it('accepts the full-width ＄ and ： an IME types', () => {
    expect(parseKeyword('＄タグ：x＄ ＄t：耳かき＄')).toEqual([full('タグ', 'x'), full('tag', '耳かき')]);
  });

  it('trims spaces around a value', () => {
    expect(parseKeyword('$tag: ASMR $')).toEqual([full('tag', 'ASMR')]);
  });

  it('mixes every kind of term in one keyword', () => {
    expect(parseKeyword('RJ01234567 "two words" -$tag:a$\n$rate:4.5$ $-d:30m$ -x $lang:JPN$ $c')).toEqual([
      plain('RJ01234567'),
      plain('two words'),
      full('tag', 'a', true),
      full('rate', '4.5'),
      full('duration', '30m', true),
      plain('x', true),
      full('lang', 'JPN'),
      { type: 'partialNamespace', namespace: 'c', value: '', isExclude: false },
    ]);
  });
});

describe('locateTerms', () => {
  it('gives the span of each term, its minus included', () => {
    const k = 'a -"b c" $tag:x$';
    expect(locateTerms(k).map((t) => k.slice(t.start, t.end))).toEqual(['a', '-"b c"', '$tag:x$']);
  });
});

describe('termAt', () => {
  const k = 'a $tag:AS  $c';
  it('finds the term the cursor is in or right after', () => {
    expect(termAt(k, 0)?.index).toBe(0);
    expect(termAt(k, 1)?.index).toBe(0);
    expect(termAt(k, 5)).toMatchObject({ index: 1, start: 2, end: 9 });
    expect(termAt(k, 9)?.term).toEqual({
      type: 'partialValue',
      namespace: 'tag',
      value: 'AS',
      isExclude: false,
    });
    expect(termAt(k, k.length)?.term).toEqual({
      type: 'partialNamespace',
      namespace: 'c',
      value: '',
      isExclude: false,
    });
  });

  it('is null between terms and past the end', () => {
    expect(termAt(k, 10)).toBeNull();
    expect(termAt(k, 99)).toBeNull();
    expect(termAt('', 0)).toBeNull();
  });
});

describe('parseKeyword never throws', () => {
  const alphabet = [
    '$',
    '＄',
    ':',
    '：',
    '-',
    '"',
    ' ',
    '\u3000',
    '\n',
    'a',
    't',
    'g',
    '耳',
    'R',
    'J',
    '0',
    '\ud83c\udfa7',
  ];
  // A fixed-seed generator so a failure can be replayed.
  let seed = 20261122;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const randomKeyword = () =>
    Array.from(
      { length: Math.floor(next() * 24) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join('');

  it('on 5000 random keywords, with spans inside the text and in order', () => {
    for (let n = 0; n < 5000; n++) {
      const k = randomKeyword();
      const located = locateTerms(k);
      let last = 0;
      for (const t of located) {
        expect(t.start).toBeGreaterThanOrEqual(last);
        expect(t.end).toBeLessThanOrEqual(k.length);
        expect(t.end).toBeGreaterThan(t.start);
        last = t.end;
        if (t.term.type === 'plain') expect(t.term.value).not.toBe('');
      }
    }
  });

  it('on input that is not a string', () => {
    expect(parseKeyword(undefined as unknown as string)).toEqual([]);
    expect(parseKeyword(42 as unknown as string)).toEqual([]);
  });
});
