/**
 * Sidecar metadata for demo works, in the shape of this API's Work object (docs/compatibility.md) — the
 * file a downloader saves next to the audio as `RJ01234567.json`, or our own `work.json`.
 */
import { v5 as uuidv5 } from 'uuid';
import { CIRCLES, type DemoWorkSpec, TAGS, VAS } from './catalogue.ts';

const VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';

const LANG_LABEL = { JPN: '日本語', ENG: '英語', CHI_HANS: '簡体中文' } as const;

function idOf(code: string): number {
  const n = Number(code.slice(2));
  return code.startsWith('BJ') ? 100_000_000 + n : code.startsWith('VJ') ? 200_000_000 + n : n;
}

function rating(spec: DemoWorkSpec) {
  const seed = spec.dlCount;
  const detail = [1, 2, 3, 4, 5].map((p) => Math.max(0, Math.round((seed % (p * 97)) / (6 - p))));
  const count = detail.reduce((a, b) => a + b, 0);
  const avg = count ? detail.reduce((a, c, i) => a + c * (i + 1), 0) / count : 0;
  return {
    rate_count: count,
    rate_average_2dp: Math.round(avg * 100) / 100,
    rate_count_detail: detail.map((c, i) => ({
      review_point: i + 1,
      count: c,
      ratio: count ? Math.round((c / count) * 100) : 0,
    })),
  };
}

/** Editions of the same work in other languages, from the translation links in the catalogue. */
function editionsOf(spec: DemoWorkSpec, all: DemoWorkSpec[]) {
  const originalCode = spec.translationOf ?? spec.code;
  const family = all.filter((w) => w.code === originalCode || w.translationOf === originalCode);
  if (family.length < 2) return [];
  return family.map((w, i) => ({
    lang: w.lang ?? 'JPN',
    label: LANG_LABEL[w.lang ?? 'JPN'],
    workno: w.code,
    edition_id: idOf(originalCode),
    edition_type: 'language',
    display_order: i + 1,
  }));
}

function translationInfo(spec: DemoWorkSpec, all: DemoWorkSpec[]) {
  const children = all.filter((w) => w.translationOf === spec.code).map((w) => w.code);
  const isChild = !!spec.translationOf;
  return {
    lang: spec.lang ?? 'JPN',
    is_original: !isChild,
    is_parent: children.length > 0,
    is_child: isChild,
    is_translation_agree: children.length > 0 || isChild,
    is_volunteer: false,
    original_workno: spec.translationOf ?? null,
    parent_workno: spec.translationOf ?? null,
    child_worknos: children,
    translation_status_for_translator: [],
  };
}

export function sidecarJson(spec: DemoWorkSpec, all: DemoWorkSpec[], totalSeconds: number) {
  const id = idOf(spec.code);
  const circle = CIRCLES[spec.circle]!;
  const title = spec.lang === 'ENG' ? spec.titleEn : spec.titleJa;
  const base = `http://127.0.0.1:8888/api/cover/${id}.jpg`;
  return {
    id,
    source_id: spec.code,
    source_type: 'DLSITE',
    source_url: `https://www.dlsite.com/maniax/work/=/product_id/${spec.code}.html`,
    title,
    title_en: spec.titleEn,
    circle_id: circle.id,
    name: circle.name,
    circle: { id: circle.id, name: circle.name, source_id: `RG${circle.id}`, source_type: 'DLSITE' },
    vas: spec.vas.map((v) => ({ id: uuidv5(VAS[v]!, VA_NAMESPACE), name: VAS[v]! })),
    tags: spec.tags.map((tid) => {
      const t = TAGS.find((x) => x.id === tid)!;
      return {
        id: t.id,
        name: t.ja,
        i18n: {
          'en-us': { name: t.en, ...(t.censoredEn ? { censored: t.censoredEn } : {}) },
          'ja-jp': { name: t.ja },
          'zh-cn': { name: t.zh },
        },
        upvote: 0,
        downvote: 0,
        voteRank: 0,
        voteStatus: 1,
        myVote: 0,
      };
    }),
    nsfw: spec.age === 'adult',
    age_category_string: spec.age,
    release: spec.release,
    create_date: spec.release,
    dl_count: spec.dlCount,
    price: spec.price,
    review_count: 0,
    ...rating(spec),
    rank: null,
    has_subtitle: !!spec.subtitle,
    duration: Math.round(totalSeconds),
    language_editions: editionsOf(spec, all),
    other_language_editions_in_db: [],
    translation_info: translationInfo(spec, all),
    original_workno: spec.translationOf ?? null,
    work_attributes: spec.tags.includes(300) ? 'SOU,DRAMA' : 'SOU',
    samCoverUrl: `${base}?type=sam`,
    thumbnailCoverUrl: `${base}?type=240x240`,
    mainCoverUrl: `${base}?type=main`,
  };
}
