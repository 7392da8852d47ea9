import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    invitations: {
      title: 'Invitations',
      new: 'Invite someone',
      intro:
        'An invitation is a link for one person: whoever opens it can create an account once, even while registration is closed.',
      note: 'Note (who it is for)',
      valid: 'Valid for',
      days_one: '{{count}} day',
      days_other: '{{count}} days',
      create: 'Create link',
      made: 'Send this link to your friend. It is shown only now: copy it before leaving this page.',
      copy: 'Copy link',
      copied: 'Link copied.',
      list: 'Invitations made',
      empty: 'No invitation yet. Create a link above and send it to the person you invite.',
      noNote: 'Invitation #{{id}}',
      status: { open: 'Open', used: 'Used', expired: 'Expired', revoked: 'Revoked' },
      made_by: 'By {{name}}, {{at}}',
      usedBy: 'used by {{name}}, {{at}}',
      expires: 'open until {{at}}',
      revoke: 'Revoke',
      revoked: 'Invitation revoked: the link no longer works.',
    },
  },
};
