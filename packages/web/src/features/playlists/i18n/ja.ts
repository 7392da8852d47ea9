import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  playlists: {
    title: 'プレイリスト',
    filter: {
      all: 'すべて',
      created: '自分が作成',
      liked: 'いいねした',
    },
    by: '{{name}} さん',
    privacy: {
      '0': '非公開',
      '1': '限定公開',
      '2': '公開',
    },
    privacyHelp: {
      '0': '自分だけが見られます。',
      '1': 'リンクを知っている人は開けますが、一覧には表示されません。',
      '2': '誰でも見つけて開けます。',
    },
    'new': '新しいプレイリスト',
    guestCannotCreate:
      '共有のゲストアカウントには専用の「いいね」と「マーク」がありますが、プレイリストは作成できません。自分のアカウントを登録すると作成できます。',
    worksCount_other: '{{count}} 作品',
    likesCount_other: 'いいね {{count}}',
    empty: 'プレイリストはまだありません。',
    noWorks: 'このプレイリストは空です。作品カードのプレイリストメニューから追加できます。',
    browse: 'ライブラリを見る',
    edit: '編集',
    like: 'いいね',
    unlike: 'いいね済み',
    liked: '{{name}} にいいねしました',
    unliked: '{{name}} のいいねを取り消しました',
    deleted: '{{name}} を削除しました',
    deleteTitle: 'プレイリストを削除しますか？',
    deleteConfirm_other:
      '「{{name}}」と {{count}} 作品のリストを削除します。作品自体はライブラリに残ります。',
    dialog: {
      createTitle: '新しいプレイリスト',
      editTitle: 'プレイリストを編集',
      name: '名前',
      nameRequired: '* 必須',
      systemName: 'システムプレイリストの名前は変更できません。',
      privacy: '公開範囲',
      advanced: '詳細設定',
      description: '説明',
      create: '作成',
      created: '{{name}} を作成しました',
      saved: '{{name}} を保存しました',
    },
    import: {
      label: '作品をインポート',
      placeholder: '任意のテキストを貼り付けてください：RJ01234567 のような作品番号を抽出します。',
      found_other: '作品番号 {{count}} 件を検出',
      preview: 'テキスト中で見つかった番号',
      more_other: 'ほか {{count}} 件',
    },
  },
};
