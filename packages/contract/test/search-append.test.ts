import { describe, expect, it } from 'vitest';
import { appendTerm, hasTerm, removeTerm, replaceTerm } from '../src/search/append.ts';
import { parseKeyword } from '../src/search/parse.ts';
import type { SearchTerm } from '../src/search/types.ts';

const tag = (value: string, isExclude = false): SearchTerm => ({
  type: 'fullSpecial',
  namespace: 'tag',
  value,
  isExclude,
});

describe('appendTerm', () => {
  it('adds a term on a new line', () => {
    expect(appendTerm('foo', tag('ASMR'))).toBe('foo\n$tag:ASMR$');
  });

  it('writes the term alone into an empty or blank keyword', () => {
    expect(appendTerm('', tag('ASMR'))).toBe('$tag:ASMR$');
    expect(appendTerm('  \n', tag('ASMR'))).toBe('$tag:ASMR$');
  });

  it('drops trailing whitespace before the new line', () => {
    expect(appendTerm('foo  \n\n', tag('ASMR'))).toBe('foo\n$tag:ASMR$');
  });

  it('leaves the keyword unchanged when an equal term is present, however it was spelled', () => {
    for (const k of ['$tag:ASMR$', 'x $t:ASMR$ y', '$TAG:"ASMR"$', '＄t：ASMR＄']) {
      expect(appendTerm(k, tag('ASMR'))).toBe(k);
    }
    expect(appendTerm('-$tag:a$', tag('a', true))).toBe('-$tag:a$');
    expect(appendTerm('$-tag:a$', tag('a', true))).toBe('$-tag:a$');
  });

  it('matches an alias in the appended term too', () => {
    expect(appendTerm('$tag:a$', { type: 'fullSpecial', namespace: 't', value: 'a', isExclude: false })).toBe(
      '$tag:a$',
    );
  });

  it('adds the excluded form next to the included one (they are different terms)', () => {
    expect(appendTerm('$tag:a$', tag('a', true))).toBe('$tag:a$\n$-tag:a$');
  });

  it('quotes values that need it', () => {
    expect(
      appendTerm('x', { type: 'fullSpecial', namespace: 'circle', value: 'Team S', isExclude: false }),
    ).toBe('x\n$circle:"Team S"$');
  });

  it('rewrites the keyword when an unclosed quote would swallow the new term', () => {
    const out = appendTerm('"still typing', tag('ASMR'));
    expect(parseKeyword(out)).toEqual([
      { type: 'plain', value: 'still typing', isExclude: false },
      tag('ASMR'),
    ]);
  });

  it('ignores a plain term without text', () => {
    expect(appendTerm('x', { type: 'plain', value: '  ', isExclude: false })).toBe('x');
  });

  it('appends a work code as a plain term', () => {
    expect(appendTerm('x', { type: 'plain', value: 'RJ01234567', isExclude: false })).toBe('x\nRJ01234567');
  });
});

describe('hasTerm', () => {
  it('finds a term in any spelling', () => {
    expect(
      hasTerm('a $c:"Team S"$', {
        type: 'fullSpecial',
        namespace: 'circle',
        value: 'Team S',
        isExclude: false,
      }),
    ).toBe(true);
    expect(hasTerm('a $tag:x$', tag('y'))).toBe(false);
  });
});

describe('removeTerm', () => {
  it('removes the term at an index and keeps the rest as typed', () => {
    expect(removeTerm('a  "b c"\n$t:x$', 1)).toBe('a\n$t:x$');
    expect(removeTerm('a b c', 0)).toBe('b c');
    expect(removeTerm('a b c', 2)).toBe('a b');
    expect(removeTerm('-$tag:x$', 0)).toBe('');
  });

  it('uses a line break to join neighbours when one separated them', () => {
    expect(removeTerm('a\nb c', 1)).toBe('a\nc');
  });

  it('leaves the keyword unchanged for an index out of range', () => {
    expect(removeTerm('a b', 2)).toBe('a b');
    expect(removeTerm('a b', -1)).toBe('a b');
  });

  it('counts indexes as parseKeyword does (dropped empty terms are not counted)', () => {
    expect(removeTerm('- "" a b', 1)).toBe('- "" a');
  });

  it('keeps the other terms whatever is removed (300 random keywords)', () => {
    const words = [
      'a',
      '"b c"',
      '-d',
      '$tag:e$',
      '$c:Team S$',
      '$-va:x$',
      '$t',
      '$d:30',
      'RJ01234567',
      '-',
      '""',
    ];
    let seed = 3;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 300; n++) {
      const keyword = Array.from(
        { length: 1 + Math.floor(next() * 6) },
        () => words[Math.floor(next() * words.length)],
      ).join(next() < 0.5 ? ' ' : '\n');
      const terms = parseKeyword(keyword);
      terms.forEach((_, index) => {
        expect(parseKeyword(removeTerm(keyword, index)), keyword).toEqual(
          terms.filter((_, i) => i !== index),
        );
      });
    }
  });
});

describe('replaceTerm', () => {
  it('completes a partial term from a suggestion', () => {
    expect(replaceTerm('foo $t:AS bar', 1, tag('ASMR'))).toBe('foo $tag:ASMR$ bar');
    expect(
      replaceTerm('$c', 0, { type: 'partialValue', namespace: 'circle', value: '', isExclude: false }),
    ).toBe('$circle:');
  });

  it('leaves the keyword unchanged for an index out of range', () => {
    expect(replaceTerm('a', 3, tag('x'))).toBe('a');
  });

  it('removes the term when the replacement has no text', () => {
    expect(replaceTerm('a b', 0, { type: 'plain', value: '', isExclude: false })).toBe('b');
  });
});
