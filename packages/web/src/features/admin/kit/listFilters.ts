/**
 * The filters of a console list, each read from and written to the page's URL. Reading is
 * forgiving: a value the filter does not know (an old link, a hand-edited URL) is its initial one.
 */

/** One filter of a list: its value when the URL says nothing, and its URL form. */
export interface ListFilter<T> {
  initial: T;
  read: (raw: string | null) => T;
  /** The URL form, or null for the initial value (left out of the URL). */
  write: (value: T) => string | null;
}

/** The filters of a list by name (the URL parameter's name). */
export type ListFilters<F> = { readonly [K in keyof F]: ListFilter<F[K]> };

/** One of a closed list of values, `initial` when none is chosen (a select). */
export function oneOf<const V extends string>(values: readonly V[], initial: V): ListFilter<V> {
  return {
    initial,
    read: (raw) => (values.includes(raw as V) ? (raw as V) : initial),
    write: (value) => (value === initial ? null : value),
  };
}

/** One of a closed list of values, or none (chips that toggle). */
export function oneOrNone<const V extends string>(values: readonly V[]): ListFilter<V | null> {
  return {
    initial: null,
    read: (raw) => (values.includes(raw as V) ? (raw as V) : null),
    write: (value) => value,
  };
}

/** On or off, off by default (a switch). */
export const onOff: ListFilter<boolean> = {
  initial: false,
  read: (raw) => raw === '1',
  write: (value) => (value ? '1' : null),
};

/** Any text, '' by default: a choice among values the server lists (the audit log's actions). */
export const anyText: ListFilter<string> = {
  initial: '',
  read: (raw) => raw ?? '',
  write: (value) => value || null,
};
