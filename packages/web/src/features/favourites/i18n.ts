import type { Bundle } from '../../shared/i18n/types.ts';

export const favouritesBundle: Bundle = {
  en: {
    favourites: {
      empty: {
        review: 'You have not rated or reviewed a work yet. Open a work and choose “Write a review”.',
        progress: 'No works are marked “{{name}}” yet. Set a work’s progress from the menu on its page.',
        browse: 'Browse the library',
      },
      title: 'My favourites',
      review: 'Reviewed',
      marked: 'Marked',
      listening: 'Listening',
      listened: 'Listened',
      replay: 'Replay',
      postponed: 'Postponed',
      folder: 'Playlists',
    },
  },
  'zh-CN': {
    favourites: {
      empty: {
        review: '你还没有评分或评论过作品。打开一部作品，点击“写评论”。',
        progress: '还没有标记为“{{name}}”的作品。可以在作品页面的菜单中设置收听进度。',
        browse: '浏览作品库',
      },
      title: '我的收藏',
      review: '已评价',
      marked: '已标记',
      listening: '在听',
      listened: '听过',
      replay: '重听',
      postponed: '搁置',
      folder: '播放列表',
    },
  },
  ja: {
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
  },
};
