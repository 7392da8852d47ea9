import { act, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Translator } from './translator.ts';

function translator() {
  const tr = new Translator('en');
  tr.addResources('en', {
    greet: 'Hello, {{name}}!',
    works_one: '{{count, number}} work',
    works_other: '{{count, number}} works',
    only: 'English only',
    nested: { deeper: { leaf: 'leaf' } },
    error: 'At least {{count}} characters',
  });
  tr.addResources('ja', { greet: 'こんにちは、{{name}}さん', works_other: '{{count, number}} 作品' });
  tr.addResources('zh-CN', { works_other: '{{count, number}} 部作品' });
  return tr;
}

describe('Translator', () => {
  it('fills placeholders, and leaves one without a value as written', () => {
    const tr = translator();
    expect(tr.t('greet', { name: 'Aoi' })).toBe('Hello, Aoi!');
    expect(tr.t('greet')).toBe('Hello, {{name}}!');
    expect(tr.t('greet', { name: 0 })).toBe('Hello, 0!');
    expect(tr.t('nested.deeper.leaf')).toBe('leaf');
  });

  it("chooses the plural form by the language's rules and writes the number in its digits", () => {
    const tr = translator();
    expect(tr.t('works', { count: 1 })).toBe('1 work');
    expect(tr.t('works', { count: 0 })).toBe('0 works');
    expect(tr.t('works', { count: 12345 })).toBe('12,345 works');
    // Japanese and Chinese have one form: `_other` for 1 too.
    expect(tr.t('works', { count: 1, lng: 'ja' })).toBe('1 作品');
    expect(tr.t('works', { count: 2, lng: 'zh-CN' })).toBe('2 部作品');
    // A count passed to a text without plural forms only fills it.
    expect(tr.t('error', { count: 5 })).toBe('At least 5 characters');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    const tr = translator();
    expect(tr.t('only', { lng: 'ja' })).toBe('English only');
    expect(tr.t('missing.key', { defaultValue: 'said {{x}}', x: 1 })).toBe('said 1');
    expect(tr.t('missing.key')).toBe('missing.key');
    // A key that names a group of texts is not a text.
    expect(tr.t('nested.deeper')).toBe('nested.deeper');
    expect(tr.exists('only', { lng: 'ja' })).toBe(true);
    expect(tr.exists('only', { lng: 'ja', fallbackLng: false })).toBe(false);
  });

  it('speaks the shown language, a fixed one, or the one a call names', async () => {
    const tr = translator();
    await tr.changeLanguage('ja');
    expect(tr.t('greet', { name: 'Aoi' })).toBe('こんにちは、Aoiさん');
    const en = tr.getFixedT('en');
    expect(en('greet', { name: 'Aoi' })).toBe('Hello, Aoi!');
    expect(en('greet', { name: 'Aoi', lng: 'ja' })).toBe('こんにちは、Aoiさん');
  });

  it('adds texts deep: a later part keeps the keys it does not name', () => {
    const tr = translator();
    tr.addResources('en', { nested: { other: 'other' } });
    expect(tr.t('nested.deeper.leaf')).toBe('leaf');
    expect(tr.t('nested.other')).toBe('other');
  });

  it('never throws, and puts every value it has in its placeholder', () => {
    const plain = fc.string().map((v) => v.replace(/[{}]/g, ''));
    fc.assert(
      fc.property(plain, fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), plain), (text, values) => {
        const tr = new Translator('en');
        const names = Object.keys(values);
        tr.addResources('en', { k: `${text}|${names.map((n) => `{{${n}}}`).join('|')}` });
        expect(tr.t('k', values)).toBe(`${text}|${names.map((n) => values[n]).join('|')}`);
      }),
    );
  });
});

describe('useTranslation', () => {
  it('renders components again in the new language', async () => {
    const { i18n, useTranslation, addLanguage } = await import('./index.ts');
    addLanguage('ja', [{ probe: { word: '語' } }]);
    addLanguage('en', [{ probe: { word: 'word' } }]);
    function Probe() {
      const { t } = useTranslation();
      return <span data-testid="probe">{t('probe.word')}</span>;
    }
    await act(() => i18n.changeLanguage('en'));
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('word');
    await act(() => i18n.changeLanguage('ja'));
    expect(screen.getByTestId('probe').textContent).toBe('語');
    await act(() => i18n.changeLanguage('en'));
  });
});
