/**
 * The favicon inlined into index.html (build/inlineFavicon.ts): the data: URL decodes to the same
 * drawing, as valid SVG, and holds nothing that would end the attribute or the URL early.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { svgDataUrl } from '../build/inlineFavicon.ts';

const ICON = fs.readFileSync(path.join(__dirname, '../public/icons/icon.svg'), 'utf8');
const decode = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml,'.length));

describe('svgDataUrl', () => {
  it('keeps the icon drawing whole: the same elements and attributes', () => {
    const url = svgDataUrl(ICON);
    expect(url).not.toMatch(/["<>#\n]/);
    const parsed = new DOMParser().parseFromString(decode(url), 'image/svg+xml');
    const original = new DOMParser().parseFromString(ICON, 'image/svg+xml');
    expect(parsed.querySelector('parsererror')).toBeNull();
    const shape = (d: Document) =>
      [...d.querySelectorAll('*')].map((e) => [
        e.tagName,
        ...[...e.attributes].map((a) => `${a.name}=${a.value}`),
      ]);
    expect(shape(parsed)).toEqual(shape(original));
  });

  it('never lets text break out of the attribute or the URL', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const url = svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg"><title>${text}</title></svg>`);
        expect(url).not.toMatch(/["<>#%](?![0-9A-F]{2})|["<>#\r\n]/);
      }),
    );
  });
});
