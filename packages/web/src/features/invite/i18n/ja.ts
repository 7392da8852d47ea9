import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  invite: {
    title: '招待されました',
    intro: 'アカウントの名前とパスワードを決めてください。この招待は {{until}} まで、一度だけ使えます。',
    name: '名前',
    password: 'パスワード',
    repeat: 'パスワード（確認）',
    create: 'アカウントを作成',
  },
};
