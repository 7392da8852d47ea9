import type { Bundle } from './types.ts';

/**
 * Shared words (the names of the system playlists among them) and the texts of failures that are not
 * server answers; the server's error codes are translated in `errorCodes.ts` (docs/product.md §8).
 */
export const coreBundle: Bundle = {
  en: {
    common: {
      cancel: 'Cancel',
      close: 'Close',
      save: 'Save',
      delete: 'Delete',
      retry: 'Retry',
      login: 'Log in',
      submit: 'Submit',
      end: 'END',
      systemPlaylists: { liked: 'Liked', marked: 'Marked' },
    },
    errors: {
      unknown: 'Unknown error',
      http: '{{status}} {{statusText}}',
      network: 'Network error: the server cannot be reached',
    },
  },
  'zh-CN': {
    common: {
      cancel: '取消',
      close: '关闭',
      save: '保存',
      delete: '删除',
      retry: '重试',
      login: '登录',
      submit: '提交',
      end: 'END',
      systemPlaylists: { liked: '我喜欢的', marked: '已标记' },
    },
    errors: {
      unknown: '未知错误',
      http: '{{status}} {{statusText}}',
      network: '网络错误：无法连接服务器',
    },
  },
  ja: {
    common: {
      cancel: 'キャンセル',
      close: '閉じる',
      save: '保存',
      delete: '削除',
      retry: '再試行',
      login: 'ログイン',
      submit: '送信',
      end: 'END',
      systemPlaylists: { liked: 'いいね', marked: 'マーク済み' },
    },
    errors: {
      unknown: '不明なエラー',
      http: '{{status}} {{statusText}}',
      network: 'ネットワークエラー：サーバーに接続できません',
    },
  },
};
