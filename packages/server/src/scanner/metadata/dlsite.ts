/**
 * The online store provider: the DLsite product API (`/api/=/product.json?workno=…`) mapped to
 * work metadata. Off by default (config.onlineMetadata); the fetch is injected so tests run on a
 * recorded response and never reach the network.
 */
import {
  ageOf,
  arr,
  dateOf,
  emptyMetadata,
  fileNameOf,
  num,
  obj,
  readSalesAndRatings,
  str,
  type WorkMetadata,
} from './types.ts';

export interface MetadataProvider {
  readonly name: string;
  /** Metadata of a work code, or null when the store does not know it. */
  lookup(code: string): Promise<WorkMetadata | null>;
}

type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const AGE_BY_NUMBER: Record<number, WorkMetadata['ageCategory']> = { 1: 'general', 2: 'r15', 3: 'adult' };

/** One product object of the DLsite product API → metadata; null when it has no name. */
export function parseDlsiteProduct(json: unknown): WorkMetadata | null {
  const p = obj(Array.isArray(json) ? json[0] : json);
  const title = p && str(p.work_name);
  if (!p || !title) return null;
  const m = emptyMetadata('dlsite', title);
  const makerId = str(p.maker_id);
  const makerName = str(p.maker_name);
  if (makerName) {
    const digits = makerId ? Number(makerId.replace(/\D/g, '')) : 0;
    m.circle = {
      name: makerName,
      ...(digits > 0 ? { id: digits } : {}),
      ...(makerId ? { sourceId: makerId } : {}),
    };
  }
  const creators = obj(p.creaters) ?? obj(p.creators) ?? {};
  m.vas = arr(creators.voice_by)
    .map((v) => str(obj(v)?.name))
    .filter((v): v is string => !!v);
  m.tags = arr(p.genres).flatMap((g) => {
    const o = obj(g);
    const name = str(o?.name);
    if (!o || !name) return [];
    const id = num(o.id);
    return [{ name, ja: name, ...(Number.isInteger(id) && id > 0 ? { id } : {}) }];
  });
  m.release = dateOf(p.regist_date);
  m.sourceUrl = `https://www.dlsite.com/maniax/work/=/product_id/${str(p.workno) ?? ''}.html`;
  readSalesAndRatings(m, p);
  m.ageCategory = AGE_BY_NUMBER[num(p.age_category)] ?? ageOf(p.age_category_string);
  m.languageEditions = arr(p.language_editions);
  m.translationInfo = obj(p.translation_info) ?? {};
  m.lang = str(m.translationInfo.lang);
  m.originalWorkno = str(m.translationInfo.original_workno);
  m.workAttributes = str(p.work_attributes) ?? '';
  m.coverHint = fileNameOf(obj(p.image_main)?.url);
  return m;
}

export function dlsiteProvider(fetchJson: FetchLike = fetch): MetadataProvider {
  return {
    name: 'dlsite',
    async lookup(code) {
      const res = await fetchJson(
        `https://www.dlsite.com/maniax/api/=/product.json?workno=${encodeURIComponent(code)}`,
      );
      if (!res.ok) throw new Error(`store answered ${res.status}`);
      return parseDlsiteProduct(await res.json());
    },
  };
}
