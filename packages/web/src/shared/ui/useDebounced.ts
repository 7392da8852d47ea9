import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `ms` (the works request debounce of docs/product.md §9 is 100 ms). */
export function useDebounced<T>(value: T, ms: number, same: (a: T, b: T) => boolean = Object.is): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (same(settled, value)) return;
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms, settled, same]);
  return settled;
}
