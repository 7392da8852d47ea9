import type { Messages } from '../../../shared/i18n/types.ts';

export const messages: Messages = {
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
    kinds: {
      namespace: 'Namespace',
      tag: 'Tag',
      circle: 'Circle',
      va: 'Voice actor',
      value: 'Value',
    },
    age: {
      label: 'Age',
      general: 'All ages only',
      r15: 'R15 only',
      adult: 'Adult only',
      notAdult: 'All ages and R15',
    },
  },
};
