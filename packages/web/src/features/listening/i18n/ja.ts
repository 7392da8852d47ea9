import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  listening: {
    title: '再生履歴',
    record: '履歴を記録する',
    recordHint:
      '再生した作品とトラック、その日時とどこまで聴いたか。再生位置は保存され、どの端末でも続きから再生できます。',
    paused: '記録を一時停止中です。今再生したものは追加されません。再生位置は引き続き保存されます。',
    clearAll: 'すべて消去',
    clearAllTitle: '履歴をすべて消去しますか？',
    clearAllText: 'すべての項目と、それに保存された再生位置が削除されます。元に戻せません。',
    loading: '履歴を読み込み中',
    emptyTitle: 'まだありません',
    empty: '再生したものが、止めた位置とともにここに表示されます。',
    browse: 'ライブラリを見る',
    guest: 'ゲストアカウントには履歴がありません。自分のアカウントでログインすると記録されます。',
    play: '{{title}} を再生',
    howFar: '再生位置',
    finished: '最後まで再生',
    removeTrack: '{{title}} を履歴から削除',
    removeWork: 'この作品を履歴から削除',
    removeWorkTitle: '「{{title}}」を履歴から削除しますか？',
    removeWorkText:
      'この作品のトラックと保存された再生位置が、すべての端末から削除されます。元に戻せません。',
    remove: '削除',
    today: '今日 {{time}}',
    yesterday: '昨日 {{time}}',
    continueTitle: '続きから聴く',
    allHistory: '再生履歴',
    continueTrack: '{{work}} の {{title}} を続きから再生',
  },
};
