import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  setup: {
    title: 'Welcome to Sasayaki',
    intro:
      'Create the administrator account. It adds your library folders, manages accounts and settings, and can be used for listening too.',
    name: 'Administrator name',
    password: 'Password',
    repeat: 'Password again',
    create: 'Create administrator',
    lost: 'Someone else created the administrator a moment ago. Log in with that account, or ask its owner for one.',
    continue: 'Continue to the library',
  },
};
