import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
  search: {
    placeholder: '作品・タグ・サークル・声優を検索…',
    placeholderShort: '検索…',
    submit: '検索',
    advanced: '詳細検索',
    dialogTitle: '検索',
    dialogHelp:
      '1 行に 1 条件、またはスペース区切り。$tag:名前$ はタグを含む、$-tag:名前$ は除外；名前空間：tag、circle、va、rate、price、sell、age、duration、lang。スペースを含む語句は引用符で囲みます。',
    namespaces: '名前空間',
    values: 'おすすめの値',
    kinds: {
      namespace: '名前空間',
      tag: 'タグ',
      circle: 'サークル',
      va: '声優',
      value: '値',
    },
    age: {
      label: '年齢区分',
      general: '全年齢のみ',
      r15: 'R15 のみ',
      adult: '成人向けのみ',
      notAdult: '全年齢と R15',
    },
  },
};
