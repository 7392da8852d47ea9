import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
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
};
