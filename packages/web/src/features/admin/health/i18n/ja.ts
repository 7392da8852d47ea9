import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    health: {
      title: '稼働状況',
      server: 'サーバー',
      version: 'バージョン',
      uptime: '稼働時間',
      uptimeValue: '{{d}} 日 {{h}} 時間 {{m}} 分',
      started: '起動',
      ffmpegOk: 'あり（{{path}}）',
      ffmpegMissing: 'なし：低音質ストリームは使えません',
      database: 'データベース',
      dialect: '種類',
      size: 'サイズ',
      migrations: 'マイグレーション',
      migrationsValue_other: '{{count}} 件適用済み、最新 {{last}}',
      library: 'ライブラリ',
      roots: 'フォルダー',
      works: '作品',
      files: 'ファイル',
      hours: '合計時間',
      hoursValue: '{{hours}} 時間',
      disk: 'ディスク使用量',
      caches: 'キャッシュ',
      cacheValue_other: '{{count}} ファイル、{{size}}',
      purge: '削除',
      purged: 'キャッシュを空にしました。必要なときに再作成されます。',
      errors: '最近のサーバーエラー',
      noErrors: 'サーバー起動後のエラーはありません。',
      cache: {
        transcodes: 'トランスコード',
        covers: 'カバー',
      },
    },
  },
};
