/** The search feature: the search box of the top bar, and the keyword helpers the lists use. */
export { type EntityList, useEntityList } from './entities.ts';
export { removeTermAt, withGlobalFilter } from './keyword.ts';
export { SearchBox } from './SearchBox.tsx';
export { termColor, termLabel } from './terms.ts';
