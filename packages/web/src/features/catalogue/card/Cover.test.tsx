/**
 * A card's cover offers the browser the small variant beside the main one, so a card shown 300 px
 * wide does not download a cover made for 1000 (Cover.tsx); the work page's cover stays the main one.
 * Both as WebP (shared/api/coverUrl.ts).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Cover } from './Cover.tsx';

const work = {
  title: '雨音の夜',
  source_id: 'RJ01234567',
  nsfw: false,
  mainCoverUrl: '/api/cover/1234567.jpg?type=main',
  samCoverUrl: '/api/cover/1234567.jpg?type=sam',
  thumbnailCoverUrl: '/api/cover/1234567.jpg?type=240x240',
  duration: 0,
};

describe('cover', () => {
  afterEach(cleanup);

  it('in a card: both variants with their widths, and the width it is shown at', () => {
    render(<Cover work={work} sizes="auto, 300px" />);
    const img = screen.getByAltText('雨音の夜');
    expect(img.getAttribute('srcset')).toBe(
      '/api/cover/1234567.webp?type=sam 300w, /api/cover/1234567.webp?type=main 1000w',
    );
    expect(img.getAttribute('sizes')).toBe('auto, 300px');
    expect(img.getAttribute('src')).toBe('/api/cover/1234567.webp?type=main');
  });

  it('without a width: the main cover alone', () => {
    render(<Cover work={work} />);
    const img = screen.getByAltText('雨音の夜');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('src')).toBe('/api/cover/1234567.webp?type=main');
  });

  it('a work without a small variant keeps the main cover alone', () => {
    render(<Cover work={{ ...work, samCoverUrl: '' }} sizes="300px" />);
    expect(screen.getByAltText('雨音の夜').getAttribute('srcset')).toBeNull();
  });
});
