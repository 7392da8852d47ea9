/** Stable keys for n skeleton placeholders. */
export const placeholders = (n: number): string[] => Array.from({ length: n }, (_, i) => `placeholder-${i}`);
