import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  offline: {
    keep: 'オフライン保存',
    keepFolder: 'このフォルダをオフライン保存',
    keeping: 'オフライン保存中：{{percent}}%',
    cancel: 'キャンセル',
    kept: 'オフライン保存済み',
    keptPart: '一部オフライン保存済み',
    keepRest: '作品全体を保存',
    remove: '削除',
    removeCopy: 'オフラインのコピーを削除',
    done: 'オフライン保存しました：{{title}}',
    cancelled: 'オフライン保存をキャンセルしました。',
    failed: 'オフライン保存できませんでした。通信状態の良いときに再度お試しください。',
    quota: 'この端末の空き容量が足りないため、オフライン保存できません。',
    unsupported: 'このブラウザでは作品をオフライン保存できません（HTTPS が必要です）。',
    settingsTitle: 'オフライン再生',
    settingsHint: 'この端末に保存した作品は、ネットワークなしで歌詞やカバーとともに開いて再生できます。',
    empty: 'オフライン保存した作品はありません。作品ページの「オフライン保存」を使ってください。',
    storage: '使用容量：{{used}} / {{quota}}（残り {{left}}）',
    keptAt: '{{date}} に保存',
    partly: '一部のフォルダ',
    offlineTitle: 'オフラインです',
    offlineText:
      'このページにはネットワークが必要です。この端末にオフライン保存した作品は開いて再生できます。',
    notKeptText: 'この作品はこの端末にオフライン保存されていません。ネットワークが戻ると開けます。',
    keptList: 'オフライン保存済み',
    noneKept: 'この端末にオフライン保存した作品はありません。',
    tryAgain: '再試行',
    openSettings: 'オフライン作品を管理',
  },
};
