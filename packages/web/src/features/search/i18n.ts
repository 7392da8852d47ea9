import type { Bundle } from '../../shared/i18n/types.ts';

export const searchBundle: Bundle = {
  en: {
    search: {
      placeholder: 'Search works, tags, circles, voice actors…',
      placeholderShort: 'Search…',
      submit: 'Search',
      advanced: 'Advanced search',
      dialogTitle: 'Search',
      dialogHelp:
        'One term per line or separated by spaces. $tag:NAME$ has a tag, $-tag:NAME$ excludes it; namespaces: tag, circle, va, rate, price, sell, age, duration, lang. Quote phrases with spaces.',
      namespaces: 'Namespaces',
      values: 'Suggested values',
      kinds: { namespace: 'Namespace', tag: 'Tag', circle: 'Circle', va: 'Voice actor', value: 'Value' },
      age: {
        label: 'Age',
        general: 'All ages only',
        r15: 'R15 only',
        adult: 'Adult only',
        notAdult: 'All ages and R15',
      },
    },
  },
  'zh-CN': {
    search: {
      placeholder: '搜索作品、标签、社团、声优…',
      placeholderShort: '搜索…',
      submit: '搜索',
      advanced: '高级搜索',
      dialogTitle: '搜索',
      dialogHelp:
        '每行一个条件，或用空格分隔。$tag:名称$ 表示包含标签，$-tag:名称$ 表示排除；命名空间：tag、circle、va、rate、price、sell、age、duration、lang。含空格的短语请加引号。',
      namespaces: '命名空间',
      values: '推荐取值',
      kinds: { namespace: '命名空间', tag: '标签', circle: '社团', va: '声优', value: '取值' },
      age: {
        label: '年龄分级',
        general: '仅全年龄',
        r15: '仅 R15',
        adult: '仅成人',
        notAdult: '全年龄和 R15',
      },
    },
  },
  ja: {
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
      kinds: { namespace: '名前空間', tag: 'タグ', circle: 'サークル', va: '声優', value: '値' },
      age: {
        label: '年齢区分',
        general: '全年齢のみ',
        r15: 'R15 のみ',
        adult: '成人向けのみ',
        notAdult: '全年齢と R15',
      },
    },
  },
};
