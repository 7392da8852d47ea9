import type { Messages } from '../../shared/i18n/types.ts';

export const messages: Messages = {
  app: {
    title: 'Sasayaki',
    menu: '菜单',
    back: '返回',
    goTop: '回到顶部',
    nav: {
      library: '作品库',
      favourites: '我的收藏',
      history: '播放历史',
      playlists: '播放列表',
      circles: '社团',
      tags: '标签',
      vas: '声优',
      randomPlay: '随机播放',
      sleepMode: '睡眠模式',
      about: '关于',
      settings: '设置',
      console: '管理控制台',
    },
    darkMode: {
      enabled: '深色模式：开',
      disabled: '深色模式：关',
      system: '深色模式：跟随系统',
    },
    language: '语言',
    randomPlayFailed: '没有找到可以播放的音频作品',
    notFound: {
      title: '页面不存在',
      text: '这个地址没有内容。',
      home: '返回作品库',
    },
    about: {
      title: '关于 Sasayaki',
      text: 'Sasayaki 让你免费在线收听作品库中的同人音声作品（ASMR 与广播剧）：浏览、按标签、社团和声优搜索、带字幕播放、评分、评论以及创建播放列表。',
      version: '版本 {{version}}',
      bounty: '欢迎报告安全问题：每个漏洞最高提供 2000 美元的漏洞赏金。',
    },
    debug: {
      title: '调试信息',
    },
    maintenance: {
      title: '维护中',
      forceEnter: '强制进入',
    },
    pageError: {
      title: '无法显示此页面',
      newVersion: 'Sasayaki 已有新版本',
      newVersionHint:
        '此页面属于新版本，重新加载后即可使用。不会丢失任何内容：重新加载后，播放队列和当前曲目的播放位置都会恢复（处于暂停状态）。',
      reload: '重新加载',
    },
    connection: {
      lost: '连接已断开 — {{seconds}} 秒后重新连接',
      offline: '网络已断开 — {{seconds}} 秒后重新连接',
      checking: '连接已断开 — 正在重新连接…',
      offlineChecking: '网络已断开 — 正在重新连接…',
      retryNow: '立即重试',
    },
  },
};
