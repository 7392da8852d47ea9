import { LANGUAGE_CODES } from '@sasayaki/contract';
import { describe, expect, it } from 'vitest';
import { editionLanguageName } from './languageName.ts';

describe('edition language names', () => {
  it('names the language in the interface language', () => {
    expect(editionLanguageName('CHI_HANS', 'en')).toBe('Simplified Chinese');
    expect(editionLanguageName('CHI_HANS', 'zh-CN')).toBe('简体中文');
    expect(editionLanguageName('ENG', 'ja')).toBe('英語');
    expect(editionLanguageName('JPN', 'zh-CN')).toBe('日语');
    expect(editionLanguageName('ENG', 'en')).toBe('English');
  });

  it('has a name for every code of the contract and keeps an unknown code', () => {
    for (const code of LANGUAGE_CODES) expect(editionLanguageName(code, 'en')).not.toBe(code);
    expect(editionLanguageName('XYZ', 'en')).toBe('XYZ');
    expect(editionLanguageName('', 'en')).toBe('');
  });

  it('names a language a sidecar gives only by its label', () => {
    expect(editionLanguageName('日本語', 'en')).toBe('Japanese');
    expect(editionLanguageName('简体中文', 'ja')).toBe(editionLanguageName('CHI_HANS', 'ja'));
  });
});
