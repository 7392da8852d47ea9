export * from './api.ts';
export * from './workCode.ts';
