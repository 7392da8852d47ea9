import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import type { Locale } from '../../../shared/i18n/types.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { type NamedTag, tagName } from './tagName.ts';

/** `tagName` bound to the interface language and the censored-name setting. */
export function useTagName(): (tag: NamedTag) => string {
  const { i18n } = useTranslation();
  const censored = useSettings((s) => s.showCensoredTag);
  const locale = i18n.language as Locale;
  return useCallback((tag: NamedTag) => tagName(tag, locale, censored), [locale, censored]);
}
