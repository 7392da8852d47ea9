import { describe, expect, it } from 'vitest';
import { appendTerm, removeTermAt, withGlobalFilter } from './keyword.ts';
import { termColor, termLabel } from './terms.ts';

describe('search terms', () => {
  it('labels and colours tags, voice actors and excluded terms', () => {
    expect(termLabel({ type: 'fullSpecial', namespace: 'tag', value: 'ASMR', isExclude: true })).toBe(
      '-tag: ASMR',
    );
    expect(termLabel({ type: 'plain', value: 'rain', isExclude: false })).toBe('rain');
    expect(termColor({ type: 'fullSpecial', namespace: 'tag', value: 'x', isExclude: false })).toBe(
      'secondary',
    );
    expect(termColor({ type: 'fullSpecial', namespace: 'va', value: 'x', isExclude: false })).toBe('info');
    expect(termColor({ type: 'plain', value: 'x', isExclude: false })).toBe('default');
  });
});

describe('keyword editing (docs/product.md §5)', () => {
  it('appends a term on a new line unless present', () => {
    const term = { type: 'fullSpecial' as const, namespace: 'tag', value: 'ASMR', isExclude: false };
    expect(appendTerm('', term)).toBe('$tag:ASMR$');
    expect(appendTerm('rain', term)).toBe('rain\n$tag:ASMR$');
    expect(appendTerm('rain $tag:ASMR$', term)).toBe('rain $tag:ASMR$');
  });

  it('removes one term and keeps the rest as typed', () => {
    expect(removeTermAt('$tag:ASMR$ rain $va:"A B"$', 1)).toBe('$tag:ASMR$ $va:"A B"$');
    expect(removeTermAt('$tag:ASMR$\nrain', 0)).toBe('rain');
    expect(removeTermAt('$tag:ASMR$', 0)).toBe('');
    expect(removeTermAt('rain', 5)).toBe('rain');
  });

  it('ANDs the global filter', () => {
    expect(withGlobalFilter('rain', '$-age:adult$')).toBe('rain\n$-age:adult$');
    expect(withGlobalFilter('', '$-age:adult$')).toBe('$-age:adult$');
    expect(withGlobalFilter(' rain ', '')).toBe('rain');
  });
});
