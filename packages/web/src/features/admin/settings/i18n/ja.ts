import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    settings: {
      title: 'サイト設定',
      intro:
        '変更は再起動なしですぐに反映されます。環境変数で指定された設定は読み取り専用で表示され、環境変数が優先されます。',
      groups: {
        access: '登録とアクセス',
        maintenance: 'メンテナンス',
        network: 'アドレスとプロキシ',
        mail: 'メール',
        monitoring: '監視',
        backups: 'バックアップ',
      },
      keys: {
        registrationEnabled: {
          label: '新規登録を受け付ける',
          help: 'オン：誰でもアカウントを作成できます。オフ：招待した人だけが登録できます（招待）。',
        },
        anonymousMedia: {
          label: '匿名での再生',
          help: 'ログインしていない訪問者も再生とダウンロードができます。',
        },
        registrationLimit: {
          label: '1 アドレスあたり 1 時間の登録数',
          help: '同じアドレスから 1 時間に作成できるアカウント数。拒否された名前は数えません。',
        },
        subtitleQuotaMb: {
          label: 'コミュニティ字幕の保存容量（MiB）',
          help: '審査待ちと採用済みのコミュニティ字幕が使えるディスク容量です。超えるアップロードは拒否されます。',
        },
        guestRateLimit: {
          label: 'ゲストの 1 分あたりのリクエスト数',
          help: '共有ゲストアカウントのアドレスごとの上限です。超えるとその 1 分間は拒否されます。',
        },
        maintenance: {
          label: 'メンテナンスモード',
          help: 'すべての訪問者にサイトの代わりに下のメッセージを表示します。',
        },
        maintenanceClosed: {
          label: 'メンテナンス中はサイトを閉じる',
          help: 'メンテナンスモードがオンのとき、管理者以外のすべてのアクセス（Subsonic プレーヤーや再生を含む）に、下のメッセージとともに「503 メンテナンス中」を返します。管理者はコンソールを使えます。',
        },
        maintenanceHtml: {
          label: 'メンテナンスメッセージ',
          help: 'メンテナンス中に表示されます。簡単な HTML が使えます。',
        },
        publicUrl: {
          label: '公開 URL',
          help: 'レスポンス内のリンクに使うサイトのアドレス（例: https://asmr.example.org）。空欄なら各リクエストのアドレスを使います。',
        },
        trustProxy: {
          label: '信頼するプロキシ',
          help: 'リバースプロキシのアドレスまたは範囲をカンマ区切りで（例: 127.0.0.1, 10.0.0.0/8）。これらの転送ヘッダーだけを信頼します。',
        },
        smtpUrl: {
          label: 'SMTP サーバー',
          help: 'smtp://ユーザー:パスワード@ホスト:587。空欄ならデータフォルダーの outbox.log に書き出します。',
        },
        mailFrom: {
          label: '送信者',
          help: 'すべてのメールの差出人（例: Sasayaki <no-reply@example.org>）。',
        },
        backupIntervalHours: {
          label: 'バックアップの間隔（時間）',
          help: 'この間隔でデータベースとインスタンスの秘密鍵をデータフォルダの backups/ にバックアップします（0：しない）。一覧は稼働状況画面にあります。',
        },
        backupKeep: {
          label: '残す定期バックアップの数',
          help: 'これを超えた古い定期バックアップは削除されます。手動のバックアップは削除するまで残ります。',
        },
        metricsToken: {
          label: 'メトリクストークン',
          help: '別のホストの Prometheus に /metrics を開きます（Authorization: Bearer …）。16 文字以上。未設定なら /metrics はこのホストと信頼するプロキシだけに応答します。',
        },
      },
      fromEnv: '{{env}} で設定',
      isDefault: '既定値 ・ {{env}} で上書きできます',
      useDefault: '既定値に戻す',
      secretSet: '設定済み',
      secretUnset: '未設定',
      secretKept: 'そのまま保持。入力すると置き換えます',
      testMailTo: 'テストメールの宛先',
      testMail: 'テストメールを送信',
      testMailSent: 'テストメールを送信しました。',
      saved: '設定を保存しました。',
      discard: '変更を破棄',
      save_other: '{{count}} 件の変更を保存',
    },
  },
};
