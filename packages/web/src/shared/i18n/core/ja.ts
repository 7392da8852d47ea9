/**
 * Shared words in ja (the names of the system playlists among them) and the texts of failures
 * that are not server answers; the server's error codes are in `errorCodes/`.
 */
import type { Messages } from '../types.ts';

export const messages: Messages = {
  common: {
    cancel: 'キャンセル',
    close: '閉じる',
    save: '保存',
    delete: '削除',
    retry: '再試行',
    login: 'ログイン',
    submit: '送信',
    end: 'END',
    systemPlaylists: {
      liked: 'いいね',
      marked: 'マーク済み',
    },
  },
  errors: {
    unknown: '不明なエラー',
    http: '{{status}} {{statusText}}',
    network: 'ネットワークエラー：サーバーに接続できません',
  },
};
