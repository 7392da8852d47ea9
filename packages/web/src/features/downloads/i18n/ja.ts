import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  downloads: {
    title: 'ダウンロード',
    empty: 'ダウンロード中のものはありません',
    cancel: 'キャンセル',
    cancelled: 'キャンセルしました',
    done: '完了',
    failed: '失敗',
    running: 'ダウンロード中',
    browser: 'ブラウザーのダウンロードに渡しました。進行状況はブラウザーで確認できます',
    clear: '終了したものを消去',
    close: '閉じる',
  },
};
