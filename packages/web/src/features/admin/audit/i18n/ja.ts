import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    audit: {
      title: '監査ログ',
      actor: '管理者',
      action: '操作',
      allActions: 'すべての操作',
      empty: '記録はありません。管理者の操作はすべて、誰が・何を・いつ行ったかとともにここに記録されます。',
      system: '（システム）',
      count_other: '{{count}} 件の記録',
      details: {
        group: 'グループ',
        full: '完全',
        delivery: '伝え方',
        userId: 'アカウント',
        workId: '作品',
        tagId: 'タグ',
        id: '番号',
        expiresAt: '期限',
        createdBy: '作成者',
      },
      values: {
        delivery: { mail: 'メールで送信', shown: '一度だけ表示' },
        yes: 'はい',
        no: 'いいえ',
      },
      actions: {
        settings: {
          update: '設定を変更',
          'test-mail': 'テストメールを送信',
        },
        account: {
          create: 'アカウントを作成',
          group: 'グループを変更：',
          password: 'パスワードを設定：',
          'reset-password': 'パスワードをリセット：',
          disable: '無効化：',
          enable: '有効化：',
          delete: 'アカウントを削除',
        },
        cache: {
          purge: 'キャッシュを削除',
        },
        review: {
          hide: 'レビューを非表示：',
          show: 'レビューを再表示：',
          delete: 'レビューを削除：',
        },
        work: {
          'tag-remove': 'タグを削除：',
        },
        library: {
          rescan: '再スキャンを開始',
          schedule: 'ライブラリのスキャン予定を変更',
        },
        feedback: {
          handle: '問題の報告を処理',
        },
        invitation: {
          create: '招待を作成',
          revoke: '招待を取り消し',
          use: '招待で登録',
        },
      },
    },
  },
};
