import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    subtitles: {
      title: '字幕の審査',
      queue: '審査待ちの字幕',
      intro:
        'リスナーが作品のトラック用に送った字幕です。トラックを再生しながら本文を確認し、そのまま採用、修正して採用、または理由を添えて却下できます（理由は投稿者に表示されます）。',
      meta: '{{name}} · 投稿者 {{contributor}} · {{at}} · {{cues}} 行',
      note: 'メモ：{{note}}',
      review: '審査する',
      text: '本文',
      editHint: '本文を編集すると修正版として採用できます。',
      editedHint: '編集済み：採用すると修正版が送信されます。',
      accept: '採用',
      acceptCorrected: '修正版を採用',
      reason: '投稿者への理由',
      reject: '却下',
      accepted: '字幕を採用しました。すべてのリスナーに表示されます。',
      acceptedCorrected: '修正版の字幕を採用しました。',
      rejected: '字幕を却下しました。投稿者に理由が表示されます。',
      empty: '審査待ちの字幕はありません。',
    },
  },
};
