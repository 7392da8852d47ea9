import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    moderation: {
      title: 'モデレーション',
      reviews: 'レビュー',
      search: '本文・名前・作品で検索',
      shown: '表示',
      shownOptions: {
        all: 'すべて',
        visible: '表示中',
        hidden: '非表示',
      },
      hidden: '非表示',
      noWork: '作品 {{id}}（ライブラリにありません）',
      hide: '非表示にする',
      show: '再表示',
      delete: '削除',
      hiddenDone: 'レビューを非表示にしました。作者本人にだけ表示されます。',
      shownDone: 'レビューを再表示しました。',
      deletedDone: 'レビューを削除しました。',
      deleteConfirm: '{{name}} のこのレビューを削除しますか？元に戻せません。',
      noReviews:
        '該当するレビューはありません。リスナーが書いたレビューはここに並び、非表示や削除ができます。',
      tags: '作品のタグ',
      workId: '作品 ID またはコード',
      openWork: '開く',
      workNotFound: '作品が見つかりません。',
      noTags: 'この作品にはタグがありません。',
      removeTagConfirm: 'この作品からタグ「{{tag}}」を投票ごと削除しますか？',
      tagRemoved: 'タグを削除しました。',
      tagsHelp:
        '削除したタグは元に戻りません。作品のメタデータにあっても、以後のスキャンで再び付くことはありません。',
    },
  },
};
