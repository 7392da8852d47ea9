/**
 * The kept works as Settings and the offline state list them, read from the kept list in
 * localStorage; removing one deletes its files from the kept cache but a cover another work shares.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptWorksSection } from './KeptWorksSection.tsx';
import { KEPT_KEY, type KeptWork, saveKept, useKept } from './kept.ts';
import { OfflineState } from './OfflineState.tsx';

const kept = (id: number, over: Partial<KeptWork> = {}): KeptWork => ({
  id,
  source_id: `RJ0${id}`,
  source_type: 'DLSITE',
  title: `Work ${id}`,
  cover: '/api/cover/shared.jpg',
  urls: [`/api/media/stream/${id}.mp3`, '/api/cover/shared.jpg'],
  bytes: 1536 * 1024,
  whole: true,
  keptAt: Date.UTC(2026, 10, 20),
  ...over,
});

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

/** The URLs the kept cache was asked to delete. */
let deleted: string[] = [];

beforeEach(() => {
  deleted = [];
  useKept.setState({ works: [] });
  localStorage.removeItem(KEPT_KEY);
  vi.stubGlobal('caches', {
    open: async () => ({ delete: async (url: string) => deleted.push(url) }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Settings' kept works", () => {
  it('says nothing is kept while the list is empty', () => {
    inRouter(<KeptWorksSection />);
    expect(screen.getByText(/No work is kept offline/)).toBeInTheDocument();
    expect(screen.queryAllByTestId('kept-work')).toHaveLength(0);
  });

  it('lists each work with its link, size, date and whether only some folders are kept', () => {
    saveKept(kept(1));
    saveKept(kept(2, { whole: false }));
    inRouter(<KeptWorksSection />);
    const rows = screen.getAllByTestId('kept-work');
    // The newest kept comes first.
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      expect.stringMatching(/^Work 2/),
      expect.stringMatching(/^Work 1/),
    ]);
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/work/1');
    expect(within(rows[1]!).getByTestId('kept-work-size')).toHaveTextContent(/^1\.5 MB · Kept .*2026$/);
    expect(within(rows[0]!).getByTestId('kept-work-size')).toHaveTextContent(/· Some folders$/);
  });

  it('removes a work and its files, keeping a cover another work still uses', async () => {
    saveKept(kept(1));
    saveKept(kept(2));
    inRouter(<KeptWorksSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Work 1' }));
    await waitFor(() => expect(screen.getAllByTestId('kept-work')).toHaveLength(1));
    expect(deleted).toEqual(['/api/media/stream/1.mp3']);
    expect(JSON.parse(localStorage.getItem(KEPT_KEY) ?? '[]').map((w: KeptWork) => w.id)).toEqual([2]);
  });
});

describe('the offline state', () => {
  it('tells a page that needs the network from a work not kept, and offers a retry', () => {
    const onRetry = vi.fn();
    const { rerender } = inRouter(<OfflineState onRetry={onRetry} />);
    expect(screen.getByText(/This page needs the network/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(
      <MemoryRouter>
        <OfflineState workNotKept />
      </MemoryRouter>,
    );
    expect(screen.getByText(/This work is not kept offline/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('lists the kept works, which still open, with a way to manage them', () => {
    inRouter(<OfflineState />);
    expect(screen.getByText('No work is kept offline on this device.')).toBeInTheDocument();
    cleanup();
    saveKept(kept(7));
    inRouter(<OfflineState />);
    const row = screen.getByTestId('offline-kept-work');
    expect(row).toHaveTextContent('Work 7');
    expect(within(row).getByTestId('kept-work-size')).toHaveTextContent(/^1\.5 MB · Kept .*2026$/);
    // Nothing to remove here: that is Settings' business.
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /Work 7/ })).toHaveAttribute('href', '/work/7');
    expect(screen.getByRole('link', { name: 'Manage offline works' })).toHaveAttribute(
      'href',
      '/settings#offline',
    );
  });
});
