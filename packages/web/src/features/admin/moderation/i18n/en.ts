import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    moderation: {
      title: 'Moderation',
      reviews: 'Reviews',
      search: 'Search text, name or work',
      shown: 'Show',
      shownOptions: {
        all: 'All',
        visible: 'Visible',
        hidden: 'Hidden',
      },
      hidden: 'Hidden',
      noWork: 'Work {{id}} (no longer in the library)',
      hide: 'Hide',
      show: 'Show again',
      delete: 'Delete',
      hiddenDone: 'Review hidden: only its author still sees it.',
      shownDone: 'Review shown again.',
      deletedDone: 'Review deleted.',
      deleteConfirm: 'Delete this review by {{name}}? This cannot be undone.',
      noReviews: 'No review matches. Reviews listeners write are listed here to hide or delete.',
      tags: 'Tags of a work',
      workId: 'Work id or code',
      openWork: 'Open',
      workNotFound: 'No such work.',
      noTags: 'This work has no tags.',
      removeTagConfirm: 'Remove the tag “{{tag}}” from this work, with its votes?',
      tagRemoved: 'Tag removed.',
      tagsHelp:
        'A removed tag stays removed: later scans do not attach it again, even when the work’s metadata names it.',
    },
  },
};
