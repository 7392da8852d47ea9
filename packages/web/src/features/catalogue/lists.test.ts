import { describe, expect, it } from 'vitest';
import { sameFirstThree } from './HomeSwipers.tsx';
import { legacyParam } from './legacyParams.ts';

describe('lists', () => {
  const w = (id: number) => ({ id }) as never;
  it('hides the recommend swiper when its first three equal the popular ones', () => {
    expect(sameFirstThree([w(1), w(2), w(3), w(4)], [w(1), w(2), w(3), w(9)])).toBe(true);
    expect(sameFirstThree([w(1), w(2), w(3)], [w(1), w(3), w(2)])).toBe(false);
    expect(sameFirstThree([w(1)], [w(1)])).toBe(false);
  });

  it('finds the legacy circleId / tagId / vaId parameters', () => {
    expect(legacyParam(new URLSearchParams('circleId=12&page=2'))).toMatchObject({
      list: 'circles',
      namespace: 'circle',
      id: '12',
    });
    expect(legacyParam(new URLSearchParams('vaId=abc'))).toMatchObject({ list: 'vas', namespace: 'va' });
    expect(legacyParam(new URLSearchParams('keyword=x'))).toBeNull();
  });
});
