import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/index.ts';
import { detailText } from './AuditSection.tsx';

const tIn = (lng: string) => i18n.getFixedT(lng);

describe('audit entry details', () => {
  it('name known keys and their values in the page language', () => {
    expect(detailText({ delivery: 'shown' }, tIn('en'), 'en')).toBe('delivery: shown once');
    expect(detailText({ delivery: 'mail' }, tIn('ja'), 'ja')).toBe('伝え方: メールで送信');
    expect(detailText({ group: 'administrator' }, tIn('zh-CN'), 'zh-CN')).toBe('用户组: 管理员');
    expect(detailText({ full: true }, tIn('en'), 'en')).toBe('full: yes');
    expect(detailText({ full: false }, tIn('ja'), 'ja')).toBe('完全: いいえ');
  });

  it('show times as local dates and other keys and values as stored', () => {
    const at = Date.UTC(2026, 10, 27, 12, 0);
    expect(detailText({ expiresAt: at }, tIn('ja'), 'ja')).toMatch(/^期限: 2026\/11\/2[78]/);
    expect(detailText({ anonymousMedia: 'true', group: 'moderators' }, tIn('en'), 'en')).toBe(
      'anonymousMedia: true · group: moderators',
    );
    expect(detailText({ workId: 1234, tags: [1, 2] }, tIn('en'), 'en')).toBe('work: 1234 · tags: [1,2]');
  });
});
