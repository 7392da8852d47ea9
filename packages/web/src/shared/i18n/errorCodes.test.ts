import { ERRORS, type ErrorCode, placeholdersOf } from '@sasayaki/contract/errors';
import { describe, expect, it } from 'vitest';
import { errorTexts as en } from './errorCodes/en.ts';
import { errorTexts as ja } from './errorCodes/ja.ts';
import { errorTexts as zhCN } from './errorCodes/zh-CN.ts';
import { i18n } from './index.ts';
import { LOCALES } from './types.ts';

const CODES = Object.keys(ERRORS) as ErrorCode[];
const ERROR_TRANSLATIONS = { en, 'zh-CN': zhCN, ja };

describe('translations of the error catalogue', () => {
  it.each(LOCALES)('%s has a text for every code and none for a code that does not exist', (locale) => {
    const texts = ERROR_TRANSLATIONS[locale];
    expect(Object.keys(texts).sort()).toEqual([...CODES].sort());
    for (const code of CODES) expect(texts[code].trim(), `${locale} ${code}`).not.toBe('');
  });

  it.each(LOCALES)('%s names only the parameters the server sends', (locale) => {
    for (const code of CODES) {
      const sent = new Set(placeholdersOf(ERRORS[code].message));
      for (const name of placeholdersOf(ERROR_TRANSLATIONS[locale][code])) {
        expect(sent.has(name), `${locale} ${code} uses {{${name}}}`).toBe(true);
      }
    }
  });

  it('reaches every code through i18n in every language', () => {
    for (const locale of LOCALES) {
      for (const code of CODES) {
        const key = `errorCodes.${code}`;
        expect(i18n.exists(key, { lng: locale, fallbackLng: false }), `${locale} ${key}`).toBe(true);
      }
    }
    expect(i18n.t('errorCodes.BAD_LOGIN', { lng: 'ja' })).toBe(
      'ユーザー名またはパスワードが正しくありません。',
    );
    expect(i18n.t('errorCodes.NAME_TOO_SHORT', { lng: 'zh-CN', min: 5 })).toBe('用户名至少需要 5 个字符。');
  });
});
