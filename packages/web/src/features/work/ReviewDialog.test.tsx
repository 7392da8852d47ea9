/** The review dialog's rating radios are read aloud in the page's language, not the component's English. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { ReviewDialog } from './ReviewDialog.tsx';

const work = { id: 1, userRating: null, review_text: null, progress: null } as const;

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('review dialog rating', () => {
  it.each([
    ['ja', '5段階中1つ星', '評価なし'],
    ['zh-CN', '1 星（满分 5 星）', '未评分'],
    ['en', '1 of 5 stars', 'No rating'],
  ])(
    'in %s',
    async (lng, one, empty) => {
      await act(() => i18n.changeLanguage(lng));
      render(<ReviewDialog work={work} onClose={() => {}} />);
      expect(screen.getByRole('radio', { name: one })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: empty })).toBeInTheDocument();
      expect(screen.queryAllByRole('radio', { name: /Star|Empty/ })).toEqual([]);
    },
    30_000,
  );
});
