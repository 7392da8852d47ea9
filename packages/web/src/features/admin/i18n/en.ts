import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    only: 'Only administrators can see this page.',
    feedback: {
      title: 'Problem reports',
      count_one: '{{count}} report',
      count_other: '{{count}} reports',
      openOnly: 'Open only',
      empty: 'No reports.',
      noWork: 'Work no longer in the library',
      handled: 'Handled',
      markHandled: 'Mark handled',
      reopen: 'Reopen',
      anonymous: 'anonymous visitor',
      meta: 'From {{who}}, {{when}}',
    },
  },
};
