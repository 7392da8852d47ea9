import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  subtitles: {
    heading: 'Local subtitle archives',
    help: 'Import .zip archives of .lrc, .vtt, .srt or .ass files (nested archives too). Files are matched to works by the RJ/VJ/BJ codes in their paths, and stay in this browser.',
    import: 'Import archive',
    dropHint: 'or drop a .zip anywhere on the page',
    phase: {
      verifying: 'Checking',
      processing: 'Processing',
      finished: 'Finished',
    },
    filesProgress: '{{done}} / {{total}} files',
    imported_one: '{{name}}: {{files}} subtitle file for {{count}} work imported',
    imported_other: '{{name}}: {{files}} subtitle files for {{count}} works imported',
    skipped_one: '{{count}} file without a work code in its path was left out.',
    skipped_other: '{{count}} files without a work code in their path were left out.',
    errors: {
      notZip: '{{name}} is not a zip archive. Only .zip archives can be imported.',
      duplicate: 'This archive has already been imported ({{name}}).',
      corrupt: '{{name}} could not be decompressed. Please re-zip the files and try again.',
      noSubtitles: 'No subtitle content matched for file {{name}} (no .lrc/.vtt/.srt/.ass with a work code).',
      quota:
        'The browser has no storage left for {{name}}; nothing was imported. Free some space or delete other archives.',
      unknown: 'Import of {{name}} failed: {{message}}',
    },
    storage: 'Storage used by this site: {{used}} of {{quota}}',
    storageUnknown: 'This browser does not tell how much storage is used.',
    packages: 'Imported archives',
    none: 'No archives imported yet.',
    files: 'Files',
    works: 'Works',
    size: 'Size',
    date: 'Imported',
    delete: 'Delete',
    exportAll: 'Export all',
    clearAll: 'Delete all',
    confirmDelete: 'Delete {{name}} and its subtitles from this browser?',
    confirmClear: 'Delete every imported archive from this browser?',
    cancel: 'Cancel',
    deleteFailed: 'Could not delete: {{message}}',
  },
};
