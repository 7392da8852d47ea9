import { type RefObject, useEffect, useState } from 'react';

/**
 * How far ahead of the screen an image starts loading: a quarter of the viewport below (and
 * above) it, and a quarter of a carousel's width beside it (the card the row turns to next).
 * Chromium's own `loading="lazy"` starts 1,250 px ahead, which on a first visit of the works page
 * fetched twice the covers on screen (21 against 10), all before the page settled; a cover is a
 * few KB and loads well within the time a quarter screen of scrolling takes.
 */
const OPTIONS = { rootMargin: '25% 0px', scrollMargin: '0px 25%' } as IntersectionObserverInit;

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

/** One observer for every element waiting, created on first use. */
function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const near = waiting.get(entry.target);
      observer?.unobserve(entry.target);
      waiting.delete(entry.target);
      near?.();
    }
  }, OPTIONS);
  return observer;
}

/**
 * Calls `near` once `el` comes within those margins of the screen; returns what stops watching.
 * Without IntersectionObserver (tests' DOM), at once.
 */
export function whenNearViewport(el: Element, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    near();
    return () => {};
  }
  waiting.set(el, near);
  shared().observe(el);
  return () => {
    if (waiting.delete(el)) observer?.unobserve(el);
  };
}

/** Whether the element has come near the screen yet (it stays so). */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    return whenNearViewport(el, () => setNear(true));
  }, [ref, near]);
  return near;
}
