import { type MouseEvent, type TouchEvent, useRef, useState } from 'react';

/** Right click, or a 500 ms touch, opens a menu at the pointer (docs/product.md §2.5). */
export function useContextMenu() {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handlers = {
    onContextMenu: (e: MouseEvent) => {
      e.preventDefault();
      setPosition({ top: e.clientY, left: e.clientX });
    },
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      if (!t) return;
      const at = { top: t.clientY, left: t.clientX };
      timer.current = setTimeout(() => setPosition(at), 500);
    },
    onTouchEnd: () => clearTimeout(timer.current),
    onTouchMove: () => clearTimeout(timer.current),
  };
  const menu = {
    open: position !== null,
    anchorReference: 'anchorPosition' as const,
    anchorPosition: position ?? undefined,
    onClose: () => setPosition(null),
  };
  return { handlers, menu };
}
