export * from './api.ts';
export * from './search/format.ts';
export * from './search/parse.ts';
export * from './search/types.ts';
export * from './workCode.ts';
export * from './subtitles/index.ts';
