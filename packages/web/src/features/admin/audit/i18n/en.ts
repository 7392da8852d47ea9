import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    audit: {
      title: 'Audit log',
      actor: 'Administrator',
      action: 'Action',
      allActions: 'All actions',
      empty: 'No entries. Each change an administrator makes is listed here: who, what and when.',
      system: '(system)',
      count_one: '{{count}} entry',
      count_other: '{{count}} entries',
      details: {
        group: 'group',
        full: 'full',
        delivery: 'delivery',
        userId: 'account',
        workId: 'work',
        tagId: 'tag',
        id: 'number',
        expiresAt: 'expires',
        createdBy: 'created by',
      },
      values: {
        delivery: { mail: 'by email', shown: 'shown once' },
        yes: 'yes',
        no: 'no',
      },
      actions: {
        settings: {
          update: 'changed settings',
          'test-mail': 'sent a test mail',
        },
        account: {
          create: 'created an account',
          group: 'changed the group of',
          password: 'set the password of',
          'reset-password': 'reset the password of',
          disable: 'disabled',
          enable: 'enabled',
          delete: 'deleted the account',
        },
        cache: {
          purge: 'purged the cache',
        },
        review: {
          hide: 'hid a review on',
          show: 'showed again a review on',
          delete: 'deleted a review on',
        },
        work: {
          'tag-remove': 'removed a tag from',
        },
        library: {
          rescan: 'started a rescan',
          schedule: 'changed a library’s scan schedule',
        },
        feedback: {
          handle: 'handled a problem report',
        },
        invitation: {
          create: 'created an invitation',
          revoke: 'revoked the invitation',
          use: 'registered with the invitation',
        },
      },
    },
  },
};
