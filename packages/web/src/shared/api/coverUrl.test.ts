import { describe, expect, it } from 'vitest';
import { webpCover } from './coverUrl.ts';

describe('webpCover', () => {
  it.each([
    [
      'http://127.0.0.1:8888/api/cover/1441165.jpg?type=sam',
      'http://127.0.0.1:8888/api/cover/1441165.webp?type=sam',
    ],
    ['/api/cover/RJ01441165.jpeg', '/api/cover/RJ01441165.webp'],
    ['/api/cover/1441165?type=240x240', '/api/cover/1441165.webp?type=240x240'],
    ['/api/cover/1441165.JPG#x', '/api/cover/1441165.webp#x'],
  ])('%s → %s', (from, to) => expect(webpCover(from)).toBe(to));

  it.each([
    '',
    'https://img.dlsite.jp/modpub/images2/work/doujin/RJ01441000/RJ01441165_img_main.jpg',
    '/api/media/stream/12?token=a.jpg',
    '/api/cover/1441165.png',
    '/other/api/cover/x/1.jpg',
  ])('leaves %s alone', (url) => expect(webpCover(url)).toBe(url));
});
