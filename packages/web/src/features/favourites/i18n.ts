import type { Bundle } from '../../shared/i18n/types.ts';

export const favouritesBundle: Bundle = {
  en: {
    favourites: {
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
