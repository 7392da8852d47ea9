import { describe, expect, it } from 'vitest';
import { lastPage } from './pageClamp.ts';

describe('last page', () => {
  it('is the page holding the last item, and 1 for an empty list', () => {
    expect(lastPage(41, 20)).toBe(3);
    expect(lastPage(40, 20)).toBe(2);
    expect(lastPage(0, 20)).toBe(1);
  });
});
