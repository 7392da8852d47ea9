/**
 * Shared words in en (the names of the system playlists among them) and the texts of failures
 * that are not server answers; the server's error codes are in `errorCodes/`.
 */
import type { Messages } from '../types.ts';

export const messages: Messages = {
  common: {
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    delete: 'Delete',
    retry: 'Retry',
    login: 'Log in',
    submit: 'Submit',
    end: 'END',
    systemPlaylists: {
      liked: 'Liked',
      marked: 'Marked',
    },
  },
  errors: {
    unknown: 'Unknown error',
    http: '{{status}} {{statusText}}',
    network: 'Network error: the server cannot be reached',
  },
};
