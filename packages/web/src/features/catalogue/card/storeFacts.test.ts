import { describe, expect, it } from 'vitest';
import { storeFacts } from './storeFacts.ts';

const bare = {
  source_id: 'RJ01400038',
  source_url: '',
  price: 0,
  dl_count: 0,
  rate_count: 0,
  rate_average_2dp: 0,
  review_count: 0,
};

describe('store facts', () => {
  it('a work without store data has every fact unknown', () => {
    expect(storeFacts(bare)).toEqual({ price: null, sales: null, rating: null, reviews: null });
  });

  it('a free store work keeps its price 0 and its sales', () => {
    const free = { ...bare, source_url: 'https://www.dlsite.com/x', dl_count: 0 };
    expect(storeFacts(free)).toEqual({ price: 0, sales: 0, rating: null, reviews: 0 });
  });

  it('any store figure means store data; ratings need a count', () => {
    expect(storeFacts({ ...bare, price: 880, rate_average_2dp: 4.5 })).toMatchObject({
      price: 880,
      sales: 0,
      rating: null,
    });
    expect(storeFacts({ ...bare, rate_count: 3, rate_average_2dp: 4.25 }).rating).toEqual({
      average: 4.25,
      count: 3,
    });
  });

  it('sales are not shown for other than RJ works', () => {
    expect(storeFacts({ ...bare, source_id: 'VJ01000001', price: 500 }).sales).toBeUndefined();
  });
});
