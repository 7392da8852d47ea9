/**
 * The "Other languages" chips name each edition's language even when the edition's own row has
 * none: the language this work's sidecar gives it (`JPN`, or only its label `简体中文`) is used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const edition = (workno: string, lang: string, label: string, edition_id: number) => ({
  workno,
  lang,
  label,
  edition_id,
  edition_type: 'language',
  display_order: edition_id,
});

describe.each(DIALECTS)('edition languages from the sidecar (%s)', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, [
      // The original and a Chinese edition, scanned without any language of their own.
      { id: 218963, title: 'Original', lang: null, translation_info: '{}' },
      { id: 1000002, title: 'Chinese', lang: null, translation_info: '{}' },
      {
        id: 1000001,
        title: 'English',
        lang: 'ENG',
        original_workno: 'RJ218963',
        translation_info: JSON.stringify({ is_original: false, is_child: true, parent_workno: 'RJ218963' }),
        language_editions: JSON.stringify([
          edition('RJ218963', 'JPN', '日本語', 1),
          edition('RJ01000001', 'ENG', 'English', 2),
          edition('RJ01000002', '', '简体中文', 3),
        ]),
      },
    ]);
  });
  afterAll(async () => {
    await ta?.close();
  });

  it('names the original JPN and the label-only edition by its label', async () => {
    const res = await ta.app.inject({ url: '/api/work/1000001' });
    expect(res.statusCode).toBe(200);
    const others = res.json().other_language_editions_in_db as { source_id: string; lang: string }[];
    expect(others.map((e) => [e.source_id, e.lang])).toEqual([
      ['RJ218963', 'JPN'],
      ['RJ01000002', '简体中文'],
    ]);
  });
});
