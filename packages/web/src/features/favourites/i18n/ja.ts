import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  favourites: {
    empty: {
      review: 'まだ作品を評価・レビューしていません。作品を開いて「レビューを書く」を選んでください。',
      progress: '「{{name}}」の作品はまだありません。作品ページのメニューから進捗を設定できます。',
      browse: 'ライブラリを見る',
    },
    title: 'お気に入り',
    review: 'レビュー済み',
    marked: 'マーク済み',
    listening: '聴いている',
    listened: '聴いた',
    replay: 'また聴く',
    postponed: '保留',
    folder: 'プレイリスト',
  },
};
