import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  playlists: {
    title: 'Playlists',
    filter: {
      all: 'All',
      created: 'Created by me',
      liked: 'Liked by me',
    },
    by: 'by {{name}}',
    privacy: {
      '0': 'Private',
      '1': 'Unlisted',
      '2': 'Public',
    },
    privacyHelp: {
      '0': 'Only you can see it.',
      '1': 'Anyone with the link can open it; it is not listed anywhere.',
      '2': 'Everyone can find and open it.',
    },
    'new': 'New playlist',
    guestCannotCreate:
      'The shared guest account has its own Liked and Marked lists but cannot create playlists. Register your own account to make more.',
    worksCount_one: '{{count}} work',
    worksCount_other: '{{count}} works',
    likesCount_one: '{{count}} like',
    likesCount_other: '{{count}} likes',
    empty: 'No playlists here yet.',
    noWorks: 'This playlist is empty. Add works from a work card’s playlist menu.',
    browse: 'Browse the library',
    edit: 'Edit',
    like: 'Like',
    unlike: 'Liked',
    liked: 'You like {{name}}',
    unliked: 'Removed your like of {{name}}',
    deleted: 'Deleted {{name}}',
    deleteTitle: 'Delete playlist?',
    deleteConfirm_one:
      '“{{name}}” and its list of {{count}} work will be deleted. The works stay in the library.',
    deleteConfirm_other:
      '“{{name}}” and its list of {{count}} works will be deleted. The works stay in the library.',
    dialog: {
      createTitle: 'New playlist',
      editTitle: 'Edit playlist',
      name: 'Name',
      nameRequired: '* Required',
      systemName: 'A system playlist keeps its name.',
      privacy: 'Who can see it',
      advanced: 'Advanced',
      description: 'Description',
      create: 'Create',
      created: 'Created {{name}}',
      saved: 'Saved {{name}}',
    },
    import: {
      label: 'Import works',
      placeholder: 'Paste any text: work codes such as RJ01234567 are picked out.',
      found_one: '{{count}} work code found',
      found_other: '{{count}} work codes found',
      preview: 'Codes found in the text',
      more_one: 'and {{count}} more',
      more_other: 'and {{count}} more',
    },
  },
};
