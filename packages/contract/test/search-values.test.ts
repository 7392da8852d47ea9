import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/constants.ts';
import { compileTerm, validateTerm } from '../src/search/filter.ts';
import { parseKeyword } from '../src/search/parse.ts';
import {
  matchNamespaces,
  parseAgeValue,
  parseDurationValue,
  parseLanguageValue,
  parseNumberValue,
  SUGGESTED_VALUES,
  suggestedValues,
} from '../src/search/values.ts';

/** Compiles the only term of a keyword. */
const compile = (keyword: string) => {
  const terms = parseKeyword(keyword);
  expect(terms).toHaveLength(1);
  return compileTerm(terms[0]!);
};
const reason = (keyword: string): string => {
  const r = compile(keyword);
  if (r.ok) throw new Error(`${keyword} was accepted`);
  return r.reason;
};

describe('parseDurationValue', () => {
  it.each([
    ['30m', 1800],
    ['1.2h', 4320],
    ['90s', 90],
    ['45', 2700],
    ['1.5', 90],
    ['1h30m', 5400],
    ['2m30s', 150],
    ['1h0m5s', 3605],
    ['30M', 1800],
    [' 1H ', 3600],
    ['.5h', 1800],
    ['１．２ｈ', 4320],
    ['0', 0],
  ])('%s → %d s', (text, seconds) => {
    expect(parseDurationValue(text)).toBe(seconds);
  });

  it.each(['', 'm', 'h30', '30x', '30m1h', '-5m', '1:30', 'abc', '1.2.3h', '30 m'])('%j → null', (text) => {
    expect(parseDurationValue(text)).toBeNull();
  });
});

describe('parseNumberValue', () => {
  it.each([
    ['4.75', 4.75],
    ['1000', 1000],
    ['1,000', 1000],
    ['1,234,567', 1234567],
    ['.5', 0.5],
    ['０', 0],
    ['１０００', 1000],
  ])('%s → %d', (text, n) => {
    expect(parseNumberValue(text)).toBe(n);
  });

  it.each(['', '-1', 'abc', '1e3', '1,00', 'Infinity', '0x10', '4.5.1'])('%j → null', (text) => {
    expect(parseNumberValue(text)).toBeNull();
  });
});

describe('parseAgeValue and parseLanguageValue', () => {
  it('reads the three age categories in any case', () => {
    expect(parseAgeValue('general')).toBe('general');
    expect(parseAgeValue('R15')).toBe('r15');
    expect(parseAgeValue('r-15')).toBe('r15');
    expect(parseAgeValue('ADULT')).toBe('adult');
    expect(parseAgeValue('r18')).toBeNull();
    expect(parseAgeValue('')).toBeNull();
  });

  it('reads every language code in any case', () => {
    for (const code of LANGUAGE_CODES) {
      expect(parseLanguageValue(code)).toBe(code);
      expect(parseLanguageValue(code.toLowerCase())).toBe(code);
    }
    expect(parseLanguageValue('chi-hans')).toBe('CHI_HANS');
    expect(parseLanguageValue('ＪＰＮ')).toBe('JPN');
    expect(parseLanguageValue('en')).toBeNull();
  });
});

describe('suggestions', () => {
  it('offers the values of docs/product.md §9', () => {
    expect(SUGGESTED_VALUES.sell).toEqual(['100', '300', '500', '700', '1000', '2000']);
    expect(SUGGESTED_VALUES.price).toEqual(['100', '300', '500', '700', '1000', '2000']);
    expect(SUGGESTED_VALUES.rate).toEqual(['4.7', '4.75', '4.8', '4.85', '4.9', '4.95']);
    expect(SUGGESTED_VALUES.duration).toEqual(['20m', '30m', '40m', '50m', '1h', '1.2h']);
    expect(suggestedValues('age')).toEqual(['general', 'r15', 'adult']);
    expect(suggestedValues('lang')).toEqual([...LANGUAGE_CODES]);
    expect(suggestedValues('tag')).toEqual([]);
  });

  it('every suggested value is valid for its namespace', () => {
    for (const [ns, values] of Object.entries(SUGGESTED_VALUES)) {
      for (const v of values)
        expect(validateTerm(parseKeyword(`$${ns}:${v}$`)[0]!), `${ns} ${v}`).toEqual({ ok: true });
    }
  });

  it('completes a partly typed namespace, aliases included', () => {
    expect(matchNamespaces('ta')).toEqual([
      { typed: 'tag', namespace: 'tag' },
      { typed: 'tagw', namespace: 'tagw' },
    ]);
    expect(matchNamespaces('T').map((m) => m.typed)).toEqual(['tag', 'tagw', 't']);
    expect(matchNamespaces('d').map((m) => m.typed)).toEqual(['duration', 'd']);
    expect(matchNamespaces('')).toHaveLength(14);
    expect(matchNamespaces('x')).toEqual([]);
  });
});

describe('compileTerm: what each term searches', () => {
  it('plain text, excluded or not', () => {
    expect(compile('"two words"')).toEqual({
      ok: true,
      filter: { kind: 'text', text: 'two words', exclude: false },
    });
    expect(compile('-foo')).toEqual({ ok: true, filter: { kind: 'text', text: 'foo', exclude: true } });
  });

  it('a whole work code is that work, whatever its prefix', () => {
    expect(compile('RJ01234567')).toEqual({
      ok: true,
      filter: { kind: 'work', id: 1234567, exclude: false },
    });
    expect(compile('bj123456')).toEqual({
      ok: true,
      filter: { kind: 'work', id: 100_123_456, exclude: false },
    });
    expect(compile('-VJ01000000')).toEqual({
      ok: true,
      filter: { kind: 'work', id: 201_000_000, exclude: true },
    });
    expect(compile('RJ12345')).toEqual({
      ok: true,
      filter: { kind: 'text', text: 'RJ12345', exclude: false },
    });
  });

  it('tag counts normal tags, tagw weak ones too', () => {
    expect(compile('$t:ASMR$')).toEqual({
      ok: true,
      filter: { kind: 'tag', name: 'ASMR', weak: false, exclude: false },
    });
    expect(compile('$-tagw:ASMR$')).toEqual({
      ok: true,
      filter: { kind: 'tag', name: 'ASMR', weak: true, exclude: true },
    });
  });

  it('circle and voice actor', () => {
    expect(compile('$c:Team S$')).toEqual({
      ok: true,
      filter: { kind: 'circle', name: 'Team S', exclude: false },
    });
    expect(compile('-$v:小倉 唯$')).toEqual({
      ok: true,
      filter: { kind: 'va', name: '小倉 唯', exclude: true },
    });
  });

  it('numbers are lower bounds, their excluded forms upper bounds', () => {
    expect(compile('$rate:4.5$')).toEqual({
      ok: true,
      filter: { kind: 'range', field: 'rate_average_2dp', op: '>=', value: 4.5 },
    });
    expect(compile('$-rate:4.5$')).toEqual({
      ok: true,
      filter: { kind: 'range', field: 'rate_average_2dp', op: '<', value: 4.5 },
    });
    expect(compile('$sell:1,000$')).toEqual({
      ok: true,
      filter: { kind: 'range', field: 'dl_count', op: '>=', value: 1000 },
    });
    expect(compile('-$price:500$')).toEqual({
      ok: true,
      filter: { kind: 'range', field: 'price', op: '<', value: 500 },
    });
    expect(compile('$d:1.2h$')).toEqual({
      ok: true,
      filter: { kind: 'range', field: 'duration', op: '>=', value: 4320 },
    });
    expect(compile('$-duration:45$')).toEqual({
      ok: true,
      filter: { kind: 'range', field: 'duration', op: '<', value: 2700 },
    });
  });

  it('age and language, canonicalised', () => {
    expect(compile('$age:R15$')).toEqual({ ok: true, filter: { kind: 'age', age: 'r15', exclude: false } });
    expect(compile('$-age:adult$')).toEqual({
      ok: true,
      filter: { kind: 'age', age: 'adult', exclude: true },
    });
    expect(compile('$lang:chi_hans$')).toEqual({
      ok: true,
      filter: { kind: 'lang', lang: 'CHI_HANS', exclude: false },
    });
  });

  it('partial terms filter nothing (the box is still being typed)', () => {
    expect(compile('$ta')).toEqual({ ok: true, filter: null });
    expect(compile('$tag:AS')).toEqual({ ok: true, filter: null });
    expect(compile('$rate:abc')).toEqual({ ok: true, filter: null });
  });
});

describe('validateTerm: reasons a person can act on', () => {
  it('accepts every valid namespace', () => {
    for (const k of [
      '$tag:a$',
      '$tagw:a$',
      '$circle:a$',
      '$va:a$',
      '$rate:5$',
      '$price:0$',
      '$sell:10$',
      '$age:general$',
      '$duration:90s$',
      '$lang:ENG$',
      'word',
    ]) {
      expect(validateTerm(parseKeyword(k)[0]!), k).toEqual({ ok: true });
    }
  });

  it('names an unknown namespace and lists the known ones', () => {
    expect(reason('$genre:x$')).toBe(
      'Unknown search namespace "genre" in $genre:x$: use one of tag, tagw, circle, va, rate, price, sell, age, duration, lang (short: t, c, v, d)',
    );
    expect(reason('$:x$')).toMatch(/^Unknown search namespace ""/);
  });

  it('says what an empty value needs', () => {
    expect(reason('$tag:$')).toBe('Search term $tag:$ has no value: write it as $tag:VALUE$');
    expect(reason('$-va$')).toBe('Search term $-va:$ has no value: write it as $va:VALUE$');
    expect(reason('$rate:""$')).toMatch(/has no value/);
  });

  it('explains bad numbers with an example', () => {
    expect(reason('$rate:high$')).toBe(
      'Search term $rate:high$: the rating must be a number from 0 to 5, e.g. $rate:4.5$',
    );
    expect(reason('$rate:6$')).toMatch(/from 0 to 5/);
    expect(reason('$sell:many$')).toBe(
      'Search term $sell:many$: the sales count must be a whole number, e.g. $sell:1000$',
    );
    expect(reason('$price:9.5$')).toMatch(/price in JPY must be a whole number/);
    expect(reason('$price:-1$')).toMatch(/whole number/);
  });

  it('explains bad durations, ages and languages', () => {
    expect(reason('$d:soon$')).toMatch(/duration must look like 30m, 1.2h, 90s/);
    expect(reason('$age:r18$')).toBe('Search term $age:r18$: the age must be general, r15 or adult');
    expect(reason('$lang:EN$')).toMatch(/language must be one of JPN, ENG, CHI_HANS/);
  });

  it('rejects an empty plain term built by hand', () => {
    expect(validateTerm({ type: 'plain', value: ' ', isExclude: false })).toEqual({
      ok: false,
      reason: 'A search term is empty',
      error: { code: 'SEARCH_TERM_EMPTY' },
    });
  });

  it('never throws, whatever the term', () => {
    let seed = 5;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['$', ':', '-', '"', ' ', 'a', 't', 'r', 'g', '1', '.', 'h', 'm', 'R', 'J', '0'];
    for (let n = 0; n < 3000; n++) {
      const k = Array.from(
        { length: Math.floor(next() * 16) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      for (const term of parseKeyword(k)) {
        const r = validateTerm(term);
        expect(r.ok || r.reason.length > 0).toBe(true);
      }
    }
  });
});
