/** Tag rows → tags with their names in the three locales of the API. */
import type { TagRow } from '../db/schema.ts';

export interface TagI18n {
  'en-us': { name: string };
  'ja-jp': { name: string };
  'zh-cn': { name: string };
}

export function tagI18n(r: Pick<TagRow, 'name' | 'name_en' | 'name_ja' | 'name_zh'>): TagI18n {
  return {
    'en-us': { name: r.name_en ?? r.name },
    'ja-jp': { name: r.name_ja ?? r.name },
    'zh-cn': { name: r.name_zh ?? r.name },
  };
}
