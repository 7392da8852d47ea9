import { describe, expect, it } from 'vitest';
import { changeListState, nextListQuery, readListState, SORT_OPTIONS, writeListState } from './urlState.ts';

const q = (s: string) => new URLSearchParams(s);

describe('works list URL state', () => {
  it('defaults: page 1, 20 per page, detail, create_date desc', () => {
    expect(readListState(q(''))).toEqual({
      keyword: '',
      page: 1,
      pageSize: 20,
      mode: 'detail',
      order: 'create_date',
      sort: 'desc',
      subtitle: false,
      seed: 0,
    });
    expect(writeListState(readListState(q(''))).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const s = readListState(
      q('keyword=%24tag%3AASMR%24&page=3&pageSize=60&mode=list&order=price&sort=asc&subtitle=1&seed=42'),
    );
    expect(s).toMatchObject({
      keyword: '$tag:ASMR$',
      page: 3,
      pageSize: 60,
      mode: 'list',
      order: 'price',
      sort: 'asc',
      subtitle: true,
      seed: 42,
    });
    expect(readListState(writeListState(s))).toEqual(s);
  });

  it('falls back on a non-numeric page, an unknown size and an unknown sort', () => {
    const s = readListState(q('page=abc&pageSize=33&order=evil&sort=up'));
    expect(s.page).toBe(1);
    expect(s.pageSize).toBe(20);
    expect(s.order).toBe('create_date');
    expect(readListState(q('page=0')).page).toBe(1);
  });

  it('turns the thumbnail mode into the compact card', () => {
    expect(readListState(q('mode=thumbnail')).mode).toBe('compact');
    expect(readListState(q('mode=compact-card')).mode).toBe('compact');
  });

  it('offers all 13 sort options of docs/product.md §9', () => {
    expect(SORT_OPTIONS).toHaveLength(13);
    expect(SORT_OPTIONS.map((o) => `${o.order} ${o.sort}`)).toContain('nsfw asc');
  });

  it('resets the page on a filter change and renews the seed on a sort change', () => {
    const s = readListState(q('page=5&seed=7'));
    expect(changeListState(s, { keyword: 'x' }).page).toBe(1);
    expect(changeListState(s, { pageSize: 40 }).page).toBe(1);
    expect(changeListState(s, { mode: 'list' }).page).toBe(5);
    expect(changeListState(s, { page: 2 }).page).toBe(2);
    const seeds = new Set(Array.from({ length: 30 }, () => changeListState(s, { order: 'random' }).seed));
    expect(seeds.size).toBeGreaterThan(1);
    expect(changeListState(s, { mode: 'list' }).seed).toBe(7);
  });
});

describe('changes from the address bar', () => {
  it('builds on the current URL and keeps other parameters (a playlist id)', () => {
    window.history.replaceState(null, '', '/playlist?id=abc&order=price&sort=asc&page=3');
    const q = nextListQuery({ pageSize: 40 });
    expect(q.get('id')).toBe('abc');
    expect(q.get('order')).toBe('price');
    expect(q.get('pageSize')).toBe('40');
    expect(q.get('page')).toBeNull();
    window.history.replaceState(null, '', '/works?order=price&sort=asc');
    expect(nextListQuery({ mode: 'list' }).toString()).toBe('mode=list&order=price&sort=asc');
  });
});
