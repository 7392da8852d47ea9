import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  downloads: {
    title: '下载',
    empty: '没有正在进行的下载',
    cancel: '取消',
    cancelled: '已取消',
    done: '已完成',
    failed: '失败',
    running: '下载中',
    browser: '已交给浏览器下载，进度请在浏览器的下载列表中查看',
    clear: '清除已结束',
    close: '关闭',
  },
};
