import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  setup: {
    title: 'Sasayaki へようこそ',
    intro:
      '管理者アカウントを作成してください。ライブラリフォルダの追加、アカウントと設定の管理ができ、普段の視聴にも使えます。',
    name: '管理者の名前',
    password: 'パスワード',
    repeat: 'パスワード（確認）',
    create: '管理者を作成',
    lost: 'たった今、別の人が管理者を作成しました。そのアカウントでログインするか、持ち主にアカウントを依頼してください。',
    continue: 'ライブラリへ進む',
  },
};
