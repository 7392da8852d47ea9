import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  subtitles: {
    heading: 'ローカル字幕アーカイブ',
    help: '.lrc・.vtt・.srt・.ass ファイルを含む .zip を取り込みます（入れ子の zip も可）。パス中の RJ/VJ/BJ コードで作品と照合し、データはこのブラウザ内にだけ保存されます。',
    import: 'アーカイブを取り込む',
    dropHint: 'またはページのどこかに .zip をドロップ',
    phase: {
      verifying: '確認中',
      processing: '処理中',
      finished: '完了',
    },
    filesProgress: '{{done}} / {{total}} ファイル',
    imported_one: '{{name}}：{{count}} 作品の字幕ファイル {{files}} 件を取り込みました',
    imported_other: '{{name}}：{{count}} 作品の字幕ファイル {{files}} 件を取り込みました',
    skipped_other: 'パスに作品コードのない {{count}} ファイルは除外しました。',
    errors: {
      notZip: '{{name}} は zip アーカイブではありません。取り込めるのは .zip だけです。',
      duplicate: 'このアーカイブは取り込み済みです（{{name}}）。',
      corrupt: '{{name}} を展開できませんでした。圧縮し直してからお試しください。',
      noSubtitles:
        'ファイル {{name}} に一致する字幕がありません（作品コード付きの .lrc/.vtt/.srt/.ass がない）。',
      quota:
        'ブラウザの保存領域が足りないため、{{name}} は取り込まれていません。空きを作るか他のアーカイブを削除してください。',
      unknown: '{{name}} の取り込みに失敗しました：{{message}}',
    },
    storage: 'このサイトの使用容量：{{used}} / {{quota}}',
    storageUnknown: 'このブラウザは使用容量を表示できません。',
    packages: '取り込んだアーカイブ',
    none: 'まだアーカイブはありません。',
    files: 'ファイル',
    works: '作品',
    size: 'サイズ',
    date: '取り込み日時',
    delete: '削除',
    exportAll: 'すべて書き出す',
    clearAll: 'すべて削除',
    confirmDelete: '{{name}} とその字幕をこのブラウザから削除しますか？',
    confirmClear: '取り込んだアーカイブをすべてこのブラウザから削除しますか？',
    cancel: 'キャンセル',
    deleteFailed: '削除できませんでした：{{message}}',
  },
};
