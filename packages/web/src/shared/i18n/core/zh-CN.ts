/**
 * Shared words in zh-CN (the names of the system playlists among them) and the texts of failures
 * that are not server answers; the server's error codes are in `errorCodes/`.
 */
import type { Messages } from '../types.ts';

export const messages: Messages = {
  common: {
    cancel: '取消',
    close: '关闭',
    save: '保存',
    delete: '删除',
    retry: '重试',
    login: '登录',
    submit: '提交',
    end: 'END',
    systemPlaylists: {
      liked: '我喜欢的',
      marked: '已标记',
    },
  },
  errors: {
    unknown: '未知错误',
    http: '{{status}} {{statusText}}',
    network: '网络错误：无法连接服务器',
  },
};
