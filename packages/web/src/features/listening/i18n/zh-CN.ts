import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  listening: {
    title: '播放历史',
    record: '记录历史',
    recordHint:
      '你播放过的作品和音轨，以及播放时间和进度。播放位置会被保存，你的任何设备都能从停下的地方继续。',
    paused: '历史记录已暂停：现在播放的内容不会被加入。播放位置仍会保存，以便继续播放。',
    clearAll: '全部清除',
    clearAllTitle: '清除全部历史？',
    clearAllText: '所有条目及其保存的播放位置都会被删除，且无法恢复。',
    loading: '正在加载历史',
    emptyTitle: '暂无记录',
    empty: '你播放的内容会显示在这里，并记住停下的位置。',
    browse: '浏览作品库',
    guest: '游客账号不保存历史。使用自己的账号登录即可记录。',
    play: '播放 {{title}}',
    howFar: '播放进度',
    finished: '已听完',
    removeTrack: '从历史中删除 {{title}}',
    removeWork: '从历史中删除这部作品',
    removeWorkTitle: '从历史中删除“{{title}}”？',
    removeWorkText: '该作品的曲目及其保存的播放位置将从你的所有设备上删除，且无法恢复。',
    remove: '删除',
    today: '今天 {{time}}',
    yesterday: '昨天 {{time}}',
    continueTitle: '继续收听',
    allHistory: '播放历史',
    continueTrack: '继续播放 {{work}} 的 {{title}}',
  },
};
