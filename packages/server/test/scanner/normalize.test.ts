/** The metadata normaliser: each rule, with the repair it notes. */
import { describe, expect, it } from 'vitest';
import { normalizeWork, TEXT_CAPS } from '../../src/metadata/normalize.ts';

const fields = (m: { repairs: { field: string }[] } | null) => m?.repairs.map((r) => r.field) ?? [];

describe('metadata normaliser', () => {
  it('strips controls and invisibles but keeps CJK, emoji sequences and combining marks', () => {
    const m = normalizeWork(
      { title: '\u202e耳\u0000かき\u200b 👨‍👩‍👧 e\u0301toile\ud800\u001b\tend\ufeff' },
      'sidecar',
    )!;
    expect(m.title).toBe('耳かき 👨‍👩‍👧 e\u0301toile end');
    expect(fields(m)).toEqual(['title']);
    expect(normalizeWork({ title: '\u200b\u0000' }, 'sidecar')).toBeNull();
  });

  it('caps texts without splitting a surrogate pair, and caps lists', () => {
    const m = normalizeWork(
      { title: `a${'🎧'.repeat(TEXT_CAPS.title)}`, vas: Array(500).fill({ name: 'x' }) },
      'sidecar',
    )!;
    expect(m.title.length).toBe(TEXT_CAPS.title - 1);
    expect(m.title.endsWith('🎧')).toBe(true);
    expect(m.vas).toEqual(['x']);
    expect(m.repairs).toEqual(
      expect.arrayContaining([
        { field: 'title', problem: `longer than ${TEXT_CAPS.title} characters: cut` },
        { field: 'vas', problem: 'more than 100 entries: cut' },
      ]),
    );
  });

  it('coerces clear values and range-checks numbers, ids and dates', () => {
    const m = normalizeWork(
      {
        title: 'T',
        price: '1,100',
        dl_count: -5,
        rate_count: 1e308,
        rate_average_2dp: 9,
        nsfw: 'false',
        age_category_string: 'r15',
        release: '2023-02-29',
        circle: { id: '12', name: 'C' },
        tags: { id: 3_000_000_000, name: 'only one' },
      },
      'sidecar',
    )!;
    expect([m.price, m.dlCount, m.rateCount, m.rateAverage]).toEqual([1100, 0, 2_147_483_647, 5]);
    expect([m.nsfw, m.ageCategory, m.release]).toEqual([false, 'r15', null]);
    expect(m.circle).toEqual({ id: 12, name: 'C' });
    expect(m.tags).toEqual([{ name: 'only one' }]);
  });

  it('derives only what is missing: age from nsfw, never nsfw over an explicit value', () => {
    expect(normalizeWork({ title: 'T', nsfw: false }, 'sidecar')!.ageCategory).toBe('general');
    expect(normalizeWork({ title: 'T' }, 'sidecar')!).toMatchObject({ ageCategory: 'adult', nsfw: null });
    expect(normalizeWork({ title: 'T', age_category: 2, nsfw: true }, 'sidecar')!).toMatchObject({
      ageCategory: 'r15',
      nsfw: true,
    });
  });

  it('completes partial nested entries or drops them', () => {
    const m = normalizeWork(
      {
        title: 'T',
        language_editions: [{ workno: 'rj01000001', lang: 'ENG' }, { lang: 'JPN' }, 'RJ01000002'],
        translation_info: { is_child: 'true', child_worknos: 'RJ01000003', extra: { deep: 1 } },
        rank: [{ rank: '2' }, { term: 'day' }],
        rate_count_detail: { review_point: 5, count: '7' },
      },
      'sidecar',
    )!;
    expect(m.languageEditions).toEqual([
      {
        lang: 'ENG',
        label: 'ENG',
        workno: 'RJ01000001',
        edition_id: 0,
        edition_type: 'language',
        display_order: 1,
      },
    ]);
    expect(m.translationInfo).toEqual({ is_child: true, child_worknos: ['RJ01000003'] });
    expect(m.rank).toEqual([{ term: '', category: '', rank: 2, rank_date: '' }]);
    expect(m.rateDetail).toEqual([0, 0, 0, 0, 7]);
    expect(fields(m)).toEqual(
      expect.arrayContaining([
        'language_editions',
        'language_editions.edition_id',
        'rank',
        'rate_count_detail',
      ]),
    );
  });

  it('reads the store product spelling and a mix of both', () => {
    const m = normalizeWork(
      {
        work_name: 'Store name',
        title: 'Our title',
        maker_id: 'RG123',
        maker_name: 'Maker',
        genres: [{ id: 5, name: 'G' }],
        creaters: { voice_by: [{ name: 'V' }] },
        regist_date: '2020-01-02 00:00:00',
        image_main: { url: '//img/x/RJ01_img_main.jpg?x=1' },
      },
      'sidecar',
    )!;
    expect(m).toMatchObject({
      title: 'Our title',
      altTitles: ['Store name'],
      circle: { id: 123, name: 'Maker', sourceId: 'RG123' },
      vas: ['V'],
      tags: [{ id: 5, name: 'G' }],
      release: '2020-01-02',
      coverHint: 'RJ01_img_main.jpg',
    });
  });
});
