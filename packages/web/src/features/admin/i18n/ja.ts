import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    only: 'このページは管理者のみ閲覧できます。',
    feedback: {
      title: '問題の報告',
      count_other: '報告 {{count}} 件',
      openOnly: '未対応のみ',
      empty: '報告はありません。',
      noWork: 'この作品はライブラリにありません',
      handled: '対応済み',
      markHandled: '対応済みにする',
      reopen: '未対応に戻す',
      anonymous: '匿名の訪問者',
      meta: '{{who}} より、{{when}}',
    },
  },
};
