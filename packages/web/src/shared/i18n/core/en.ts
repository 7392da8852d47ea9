/**
 * Shared words in en (the names of the system playlists among them) and the texts of failures
 * that are not server answers; the server's error codes are in `errorCodes/`.
 */
import type { Messages } from '../types.ts';

export const messages: Messages = {
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    save: 'Save',
    delete: 'Delete',
    retry: 'Retry',
    loading: 'Loading…',
    login: 'Log in',
    submit: 'Submit',
    back: 'Back',
    more: 'More',
    end: 'END',
    none: 'None',
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
