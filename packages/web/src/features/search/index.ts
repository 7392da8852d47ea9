/** The search feature: keyword helpers the lists use (the shell loads the top bar's SearchBox.tsx on its own). */
export { type EntityList, useEntityList } from './entities.ts';
export { removeTermAt, withGlobalFilter } from './keyword.ts';
export { isTagTerm, termColor, termLabel } from './terms.ts';
