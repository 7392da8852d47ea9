/**
 * A cover loads once its box comes near the screen (shared/ui/nearViewport.ts), then keeps its
 * image; one that failed during an outage is asked for again when the server is back.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConnection } from '../../../shared/api/connection.ts';
import { Cover } from './Cover.tsx';

/** A stand-in IntersectionObserver whose entries the test sends. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
  }
  send(el: Element, isIntersecting: boolean) {
    const entry = { target: el, isIntersecting } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

const work = (n: number) => ({
  title: `work ${n}`,
  source_id: `RJ0${1000000 + n}`,
  nsfw: false,
  mainCoverUrl: `/api/cover/${n}.jpg?type=main`,
  samCoverUrl: `/api/cover/${n}.jpg?type=sam`,
  thumbnailCoverUrl: '',
  duration: 0,
});

describe('covers load near the screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a cover away from the screen has no image until it comes near, then keeps it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.resetModules();
    // The module keeps one observer for the page: load it afresh with the stand-in in place.
    const { Cover: FreshCover } = await import('./Cover.tsx');
    render(
      <>
        <FreshCover work={work(1)} />
        <FreshCover work={work(2)} />
      </>,
    );
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(FakeObserver.all).toHaveLength(1);
    const observer = FakeObserver.all[0] as FakeObserver;
    expect(observer.options).toMatchObject({ rootMargin: '25% 0px' });
    expect(observer.watched.size).toBe(2);
    const [first, second] = [...observer.watched] as [Element, Element];

    observer.send(first, false);
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    observer.send(first, true);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('work 1');
    expect(observer.watched.has(first)).toBe(false);
    expect(observer.watched.has(second)).toBe(true);

    observer.send(second, true);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(observer.watched.size).toBe(0);
  });

  it('without IntersectionObserver, at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Cover work={work(3)} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/api/cover/3.webp?type=main');
  });

  it('a cover that failed in an outage is loaded again once the server is back, a missing one is not', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Cover work={work(4)} />);
    const first = screen.getByRole('img');
    fireEvent.error(first);
    // Failed with the server up (a missing cover): hidden, and not asked for again.
    expect(screen.queryByRole('img')).toBeNull();
    act(() => useConnection.setState({ state: 'up' }));
    expect(screen.queryByRole('img')).toBeNull();

    act(() =>
      useConnection.setState({ state: 'down', attempt: 1, nextCheckAt: 0, checking: false, offline: false }),
    );
    expect(screen.queryByRole('img')).toBeNull();
    act(() => useConnection.setState({ state: 'up' }));
    const again = screen.getByRole('img');
    expect(again).not.toBe(first);
    expect(again.getAttribute('src')).toBe('/api/cover/4.webp?type=main');
  });
});
