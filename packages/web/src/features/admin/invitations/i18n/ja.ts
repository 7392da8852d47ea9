import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    invitations: {
      title: '招待',
      new: '招待する',
      intro:
        '招待は 1 人のためのリンクです。リンクを開いた人は、新規登録を締め切っていても一度だけアカウントを作成できます。',
      note: 'メモ（誰への招待か）',
      valid: '有効期間',
      days_other: '{{count}} 日',
      create: 'リンクを作成',
      made: 'このリンクを友だちに送ってください。表示されるのは今だけです。このページを離れる前にコピーしてください。',
      copy: 'リンクをコピー',
      copied: 'リンクをコピーしました。',
      list: '作成した招待',
      empty: '招待はまだありません。上でリンクを作成し、招待する人に送ってください。',
      noNote: '招待 #{{id}}',
      status: { open: '有効', used: '使用済み', expired: '期限切れ', revoked: '取り消し済み' },
      made_by: '{{name}} が {{at}} に作成',
      usedBy: '{{name}} が {{at}} に使用',
      expires: '{{at}} まで有効',
      revoke: '取り消す',
      revoked: '招待を取り消しました。リンクは使えなくなりました。',
    },
  },
};
