import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  invite: {
    title: 'You are invited',
    intro: 'Choose a name and a password for your account. This invitation works once, until {{until}}.',
    name: 'Name',
    password: 'Password',
    repeat: 'Password again',
    create: 'Create my account',
  },
};
