import { PROGRESS_VALUES } from '@sasayaki/contract';
import { describe, expect, it } from 'vitest';
import { activeTab, progressOf, TABS } from './tabs.ts';

describe('favourites tabs', () => {
  it('lists the reviewed works first, every progress, then the playlists, each with its own path', () => {
    expect(TABS.map(([key]) => key)).toEqual(['review', ...PROGRESS_VALUES, 'folder']);
    expect(new Set(TABS.map(([, to]) => to)).size).toBe(TABS.length);
    expect(Object.fromEntries(TABS)).toMatchObject({
      review: '/favourites/review',
      marked: '/favourites/progress/marked',
      listening: '/listening',
      folder: '/favourites/folder',
    });
  });

  it('shows the route fixed tab, the reviewed works by default', () => {
    expect(activeTab('folder', undefined)).toBe('folder');
    expect(activeTab('listened', undefined)).toBe('listened');
    expect(activeTab(null, undefined)).toBe('review');
    expect(activeTab('nonsense', undefined)).toBe('review');
  });

  it('takes the progress from the path, and an unknown one as marked', () => {
    expect(activeTab('param', 'replay')).toBe('replay');
    expect(activeTab('param', 'postponed')).toBe('postponed');
    expect(activeTab('param', 'folder')).toBe('marked');
    expect(activeTab('param', undefined)).toBe('marked');
  });

  it('filters the works list by progress only on a progress tab', () => {
    expect(progressOf('listening')).toBe('listening');
    expect(progressOf('review')).toBeUndefined();
    expect(progressOf('folder')).toBeUndefined();
  });
});
