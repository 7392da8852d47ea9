import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
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
    kinds: {
      namespace: '命名空间',
      tag: '标签',
      circle: '社团',
      va: '声优',
      value: '取值',
    },
    age: {
      label: '年龄分级',
      general: '仅全年龄',
      r15: '仅 R15',
      adult: '仅成人',
      notAdult: '全年龄和 R15',
    },
  },
};
