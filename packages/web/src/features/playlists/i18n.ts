import type { Bundle } from '../../shared/i18n/types.ts';

export const playlistsBundle: Bundle = {
  en: {
    playlists: {
      title: 'Playlists',
      filter: { all: 'All', created: 'Created by me', liked: 'Liked by me' },
      by: 'by {{name}}',
      privacy: { 0: 'Private', 1: 'Unlisted', 2: 'Public' },
    },
  },
  'zh-CN': {
    playlists: {
      title: '播放列表',
      filter: { all: '全部', created: '我创建的', liked: '我喜欢的' },
      by: '来自 {{name}}',
      privacy: { 0: '私密', 1: '不公开列出', 2: '公开' },
    },
  },
  ja: {
    playlists: {
      title: 'プレイリスト',
      filter: { all: 'すべて', created: '自分が作成', liked: 'いいねした' },
      by: '{{name}} さん',
      privacy: { 0: '非公開', 1: '限定公開', 2: '公開' },
    },
  },
};
