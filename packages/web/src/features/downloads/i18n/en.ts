import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  downloads: {
    title: 'Downloads',
    empty: 'Nothing is being downloaded',
    cancel: 'Cancel',
    cancelled: 'Cancelled',
    done: 'Done',
    failed: 'Failed',
    running: 'Downloading',
    browser: 'Handed to the browser: its downloads show the progress',
    clear: 'Clear finished',
    close: 'Close',
  },
};
