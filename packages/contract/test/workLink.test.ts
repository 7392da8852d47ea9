import { describe, expect, it } from 'vitest';
import { searchPath, storeUrl, workPath } from '../src/workLink.ts';

describe('workPath (docs/product.md §2.2)', () => {
  it('an RJ work of the doujin store goes to /work/{source_id}', () => {
    expect(workPath({ id: 1441165, source_id: 'RJ01441165', source_type: 'DLSITE' })).toBe(
      '/work/RJ01441165',
    );
  });

  it('VJ and BJ works go to /work/{id}/{source_type}/{source_id}', () => {
    expect(workPath({ id: 201_000_001, source_id: 'VJ01000001', source_type: 'DLSITE' })).toBe(
      '/work/201000001/DLSITE/VJ01000001',
    );
    expect(workPath({ id: 100_123_456, source_id: 'BJ123456', source_type: 'DLSITE' })).toBe(
      '/work/100123456/DLSITE/BJ123456',
    );
  });

  it('any other id of the doujin store goes to /work/{id}', () => {
    expect(workPath({ id: 42, source_id: 'XX000042', source_type: 'DLSITE' })).toBe('/work/42');
    expect(workPath({ id: 42, source_id: '', source_type: 'DLSITE' })).toBe('/work/42');
  });

  it('other sources use the long form, even for an RJ code', () => {
    expect(workPath({ id: 7, source_id: 'RJ000007', source_type: 'OTHER' })).toBe('/work/7/OTHER/RJ000007');
  });

  it('escapes path characters of the source fields', () => {
    expect(workPath({ id: 7, source_id: 'a/b c', source_type: 'MY SRC' })).toBe('/work/7/MY%20SRC/a%2Fb%20c');
  });
});

describe('searchPath', () => {
  it('puts the keyword in the works list query, encoded', () => {
    expect(searchPath('$tag:ASMR$')).toBe('/works?keyword=%24tag%3AASMR%24');
    expect(searchPath('$va:小倉 唯$\nx')).toBe(`/works?keyword=${encodeURIComponent('$va:小倉 唯$\nx')}`);
    expect(new URLSearchParams(searchPath('a&b=c #d').split('?')[1]).get('keyword')).toBe('a&b=c #d');
  });
});

describe('storeUrl', () => {
  it('links each prefix to its store section', () => {
    expect(storeUrl('RJ01441165')).toBe('https://www.dlsite.com/maniax/work/=/product_id/RJ01441165.html');
    expect(storeUrl('vj123456')).toBe('https://www.dlsite.com/pro/work/=/product_id/VJ123456.html');
    expect(storeUrl('BJ00123456')).toBe('https://www.dlsite.com/books/work/=/product_id/BJ00123456.html');
  });

  it('is null for anything that is not a work code', () => {
    for (const s of ['', 'RJ12345', 'RJ123456789', 'XX123456', 'RJ123456 x']) expect(storeUrl(s)).toBeNull();
  });
});
