import type { WorkTag } from '@sasayaki/contract';
import { tagLocaleOf } from '../../../shared/i18n/locale.ts';
import type { Locale } from '../../../shared/i18n/types.ts';

/** A tag of a work or of the tag list: the stored name and, when known, its name per locale. */
export type NamedTag = Pick<WorkTag, 'name'> & { i18n?: WorkTag['i18n'] };

/** A tag's name in the interface language; the censored variant only when the setting asks for it. */
export function tagName(tag: NamedTag, locale: Locale, showCensored: boolean): string {
  const n = tag.i18n?.[tagLocaleOf(locale)];
  if (!n) return tag.name;
  return (showCensored && n.censored) || n.name || tag.name;
}
