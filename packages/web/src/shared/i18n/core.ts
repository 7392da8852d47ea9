import type { Bundle } from './types.ts';

/**
 * Shared words (the names of the system playlists among them) and the texts of failures that are not
 * server answers; the server's error codes are translated in `errorCodes.ts` (docs/product.md §8).
 */
export const coreBundle: Bundle = {
  en: {
    common: {
      ok: 'OK',
      cancel: 'Cancel',
      confirm: 'Confirm',
      close: 'Close',
      save: 'Save',
      delete: 'Delete',
      retry: 'Retry',
      loading: 'Loading…',
      login: 'Log in',
      submit: 'Submit',
      back: 'Back',
      more: 'More',
      end: 'END',
      none: 'None',
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
      ok: '确定',
      cancel: '取消',
      confirm: '确认',
      close: '关闭',
      save: '保存',
      delete: '删除',
      retry: '重试',
      loading: '加载中…',
      login: '登录',
      submit: '提交',
      back: '返回',
      more: '更多',
      end: 'END',
      none: '无',
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
      ok: 'OK',
      cancel: 'キャンセル',
      confirm: '確認',
      close: '閉じる',
      save: '保存',
      delete: '削除',
      retry: '再試行',
      loading: '読み込み中…',
      login: 'ログイン',
      submit: '送信',
      back: '戻る',
      more: 'もっと見る',
      end: 'END',
      none: 'なし',
      systemPlaylists: { liked: 'いいね', marked: 'マーク済み' },
    },
    errors: {
      unknown: '不明なエラー',
      http: '{{status}} {{statusText}}',
      network: 'ネットワークエラー：サーバーに接続できません',
    },
  },
};
