/**
 * Sidecar metadata: a JSON file in the work folder in the shape of this API's work object —
 * our own `work.json`, or `RJ01234567.json` as the downloaders save `/api/work/{id}`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
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
  type TagMeta,
  type WorkMetadata,
} from './types.ts';

/** Sidecar candidates among the work's top-level file names, best first. */
export function sidecarNames(code: string, topLevelNames: string[]): string[] {
  const wanted = ['work.json', `${code.toLowerCase()}.json`];
  return wanted.flatMap((w) => topLevelNames.filter((n) => n.toLowerCase() === w));
}

function tagOf(raw: unknown): TagMeta | null {
  const t = obj(raw);
  if (!t) return null;
  const i18n = obj(t.i18n) ?? {};
  const loc = (k: string) => obj(i18n[k]) ?? {};
  const ja = str(loc('ja-jp').name);
  const name = str(t.name) ?? ja ?? str(loc('en-us').name);
  if (!name) return null;
  const id = num(t.id);
  const tag: TagMeta = { name };
  if (Number.isInteger(id) && id > 0) tag.id = id;
  const set = (k: keyof TagMeta, v: string | null) => {
    if (v) (tag as unknown as Record<string, string>)[k] = v;
  };
  set('en', str(loc('en-us').name));
  set('ja', ja);
  set('zh', str(loc('zh-cn').name));
  set('censoredEn', str(loc('en-us').censored));
  set('censoredJa', str(loc('ja-jp').censored));
  set('censoredZh', str(loc('zh-cn').censored));
  return tag;
}

/** Metadata from a parsed work object; null when it is not one (no title). */
export function parseWorkObject(json: unknown): WorkMetadata | null {
  const w = obj(json);
  const title = w && str(w.title);
  if (!w || !title) return null;
  const m = emptyMetadata('sidecar', title);
  for (const k of ['title_en', 'title_ja', 'title_zh']) {
    const alt = str(w[k]);
    if (alt && alt !== title) m.altTitles.push(alt);
  }
  const circle = obj(w.circle);
  const circleName = str(circle?.name) ?? str(w.name);
  if (circleName) {
    const id = num(circle?.id ?? w.circle_id);
    m.circle = {
      name: circleName,
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      ...(str(circle?.source_id) ? { sourceId: str(circle?.source_id)! } : {}),
    };
  }
  m.vas = arr(w.vas)
    .map((v) => str(obj(v)?.name) ?? str(v))
    .filter((v): v is string => !!v);
  m.tags = arr(w.tags)
    .map(tagOf)
    .filter((t): t is TagMeta => !!t);
  m.release = dateOf(w.release);
  m.sourceUrl = str(w.source_url);
  readSalesAndRatings(m, w);
  m.ageCategory =
    w.age_category_string !== undefined
      ? ageOf(w.age_category_string)
      : w.nsfw === false
        ? 'general'
        : 'adult';
  m.languageEditions = arr(w.language_editions);
  m.translationInfo = obj(w.translation_info) ?? {};
  m.lang = str(m.translationInfo.lang) ?? str(w.lang);
  m.originalWorkno = str(w.original_workno) ?? str(m.translationInfo.original_workno);
  m.workAttributes = str(w.work_attributes) ?? '';
  m.coverHint = str(w.cover) ?? fileNameOf(w.mainCoverUrl);
  return m;
}

export interface SidecarResult {
  metadata: WorkMetadata | null;
  /** A sidecar that exists but cannot be used, for the scan report. */
  problem?: { path: string; message: string };
}

export async function readSidecar(
  workAbs: string,
  code: string,
  topLevelNames: string[],
): Promise<SidecarResult> {
  for (const name of sidecarNames(code, topLevelNames)) {
    const file = path.join(workAbs, name);
    try {
      const text = (await fs.readFile(file, 'utf8')).replace(/^\ufeff/, '');
      const meta = parseWorkObject(JSON.parse(text));
      if (meta) return { metadata: meta };
      return { metadata: null, problem: { path: file, message: 'sidecar has no title: ignored' } };
    } catch (e) {
      return {
        metadata: null,
        problem: { path: file, message: `sidecar unreadable: ${(e as Error).message}` },
      };
    }
  }
  return { metadata: null };
}
