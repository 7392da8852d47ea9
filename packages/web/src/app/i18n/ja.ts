import type { Messages } from '../../shared/i18n/types.ts';

export const messages: Messages = {
  app: {
    title: 'Sasayaki',
    menu: 'メニュー',
    back: '戻る',
    goTop: 'トップへ戻る',
    nav: {
      library: 'ライブラリ',
      favourites: 'お気に入り',
      history: '再生履歴',
      playlists: 'プレイリスト',
      circles: 'サークル',
      tags: 'タグ',
      vas: '声優',
      randomPlay: 'ランダム再生',
      sleepMode: 'スリープモード',
      about: 'このサイトについて',
      settings: '設定',
      console: '管理コンソール',
    },
    darkMode: {
      enabled: 'ダークモード：オン',
      disabled: 'ダークモード：オフ',
      system: 'ダークモード：システムに従う',
    },
    language: '言語',
    randomPlayFailed: '再生できる音声作品が見つかりませんでした',
    notFound: {
      title: 'ページが見つかりません',
      text: 'このアドレスには何もありません。',
      home: 'ライブラリへ戻る',
    },
    about: {
      title: 'Sasayaki について',
      text: 'Sasayaki はライブラリの同人音声作品（ASMR・ボイスドラマ）を無料でオンライン再生できます。閲覧、タグ・サークル・声優での検索、字幕付き再生、評価、レビュー、プレイリスト作成ができます。',
      version: 'バージョン {{version}}',
      bounty: 'セキュリティ報告を歓迎します：脆弱性 1 件につき最大 2000 USD のバグ報奨金があります。',
    },
    debug: {
      title: 'デバッグ情報',
    },
    maintenance: {
      title: 'メンテナンス中',
      forceEnter: '強制的に入る',
    },
    pageError: {
      title: 'このページを表示できませんでした',
      newVersion: 'Sasayaki の新しいバージョンがあります',
      newVersionHint:
        'このページは新しいバージョンのものです。再読み込みしてください。何も失われません。再生キューと再生中のトラックの位置は、再読み込み後に元に戻ります（一時停止の状態で）。',
      reload: '再読み込み',
    },
    connection: {
      lost: '接続が切れました — {{seconds}} 秒後に再接続します',
      offline: 'オフラインです — {{seconds}} 秒後に再接続します',
      checking: '接続が切れました — 再接続中…',
      offlineChecking: 'オフラインです — 再接続中…',
      retryNow: '今すぐ再試行',
    },
  },
};
