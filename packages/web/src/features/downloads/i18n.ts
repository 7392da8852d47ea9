import type { Bundle } from '../../shared/i18n/types.ts';

export const downloadsBundle: Bundle = {
  en: {
    downloads: {
      title: 'Downloads',
      empty: 'Nothing is being downloaded',
      cancel: 'Cancel',
      cancelled: 'Cancelled',
      done: 'Done',
      failed: 'Failed',
      running: 'Downloading',
      browser: 'Handed to the browser: its downloads show the progress',
      clear: 'Clear finished',
      close: 'Close',
    },
  },
  'zh-CN': {
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
  },
  ja: {
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
  },
};
