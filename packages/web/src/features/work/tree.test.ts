import type { TrackFile, TrackNode } from '@sasayaki/contract';
import { describe, expect, it } from 'vitest';
import {
  childrenAt,
  collapsedChain,
  fileAction,
  initialPath,
  readTreePath,
  singleChildPath,
  treeSearch,
} from './tree.ts';

const file = (title: string, type: TrackFile['type'] = 'audio', duration = 60): TrackFile => ({
  type,
  title,
  hash: `1/${title}`,
  work: { id: 1, source_id: 'RJ000001', source_type: 'DLSITE' },
  workTitle: 'w',
  mediaStreamUrl: `http://x/stream/${title}`,
  mediaDownloadUrl: `http://x/download/${title}`,
  streamLowQualityUrl: '',
  duration: type === 'audio' ? duration : undefined,
  size: 10,
});
const folder = (title: string, children: TrackNode[]): TrackNode => ({ type: 'folder', title, children });

describe('file tree', () => {
  const tree = [
    folder('Work', [
      folder('mp3', [file('01.mp3', 'audio', 600), file('02.mp3', 'audio', 600)]),
      folder('wav', [file('01.wav', 'audio', 700), file('02.wav', 'audio', 700)]),
      file('readme.txt', 'text'),
    ]),
  ];

  it('finds the children at a path and falls back to the top on an unknown one', () => {
    expect(childrenAt(tree, ['Work', 'wav']).nodes.map((n) => n.title)).toEqual(['01.wav', '02.wav']);
    expect(childrenAt(tree, ['Work', 'nope']).path).toEqual([]);
  });

  it('opens the folder with the longest audio at first', () => {
    expect(initialPath(tree)).toEqual(['Work', 'wav']);
    expect(initialPath(tree, 'root')).toEqual([]);
  });

  it('keeps the single-child path when more than 6 folders hold audio', () => {
    const many = [
      folder('Top', [
        folder(
          'Inner',
          Array.from({ length: 7 }, (_, i) => folder(`d${i}`, [file(`${i}.mp3`, 'audio', i * 100)])),
        ),
      ]),
    ];
    expect(initialPath(many)).toEqual(['Top', 'Inner']);
    expect(singleChildPath(many)).toEqual(['Top', 'Inner']);
  });

  it('collapses a chain of single folders', () => {
    const chain = folder('A', [folder('B', [folder('C', [file('x.mp3')])])]);
    expect(collapsedChain(chain as never)).toEqual(['A', 'B', 'C']);
    expect(collapsedChain(tree[0] as never)).toEqual(['Work']);
  });

  it('chooses what a click does by type and extension', () => {
    expect(fileAction(file('a.mp3'))).toBe('play');
    expect(fileAction(file('a.txt', 'text'))).toBe('open');
    expect(fileAction(file('a.jpg', 'image'))).toBe('open');
    expect(fileAction(file('a.MKV', 'other'))).toBe('stream');
    expect(fileAction(file('a.zip', 'other'))).toBe('download');
  });

  it('keeps the path in the query as JSON', () => {
    const q = new URLSearchParams(treeSearch(['Work', 'a b']).slice(1));
    expect(q.get('path')).toBe('["Work","a b"]');
    expect(readTreePath(q)).toEqual(['Work', 'a b']);
    expect(readTreePath(new URLSearchParams('path=%7Bbad'))).toBeNull();
    expect(treeSearch([])).toBe('');
  });
});
