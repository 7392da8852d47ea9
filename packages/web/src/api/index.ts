export { notify } from '../notify/store.ts';
export { api, apiUrl, type Query, type RequestOptions, reportError, request } from './client.ts';
export { ApiError, errorText, isAbort, knownMessageKey } from './errors.ts';
