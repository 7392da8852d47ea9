/**
 * Turns work rows into the API's Work objects (contract `Work`, api-compat.md) with a constant
 * number of queries per page: circles, voice actors, tags, the viewer's tag votes and review,
 * site ratings, other language editions and playlist status are each fetched once for all ids.
 *
 * One bad row never fails a page: the JSON columns (written by older versions without checks)
 * are read through the scanner's normaliser, and every Work built is checked against the
 * response schema; one that fails is repaired with defaults for its broken parts or, failing
 * that, left out of the page with one logged error.
 */
import {
  type LanguageEdition,
  type OtherLanguageEdition,
  type RateCountDetail,
  type TranslationInfo,
  Work,
  type WorkTag,
} from '@sasayaki/contract';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import type { WorkRow } from '../db/schema.ts';
import { MAX_INT32 } from '../scanner/metadata/clean.ts';
import { languageEditionsOf, quietReader, rankOf, translationInfoOf } from '../scanner/metadata/normalize.ts';

/** The columns a Work is built from (search_text, scan bookkeeping and paths are left out). */
export const WORK_COLUMNS = [
  'w.id',
  'w.source_id',
  'w.source_type',
  'w.source_url',
  'w.title',
  'w.circle_id',
  'w.release',
  'w.create_date',
  'w.price',
  'w.dl_count',
  'w.rate_count',
  'w.rate_average_2dp',
  'w.rate_count_detail',
  'w.review_count',
  'w.rank',
  'w.age_category',
  'w.nsfw',
  'w.has_subtitle',
  'w.duration',
  'w.lang',
  'w.language_editions',
  'w.translation_info',
  'w.original_workno',
  'w.work_attributes',
] as const;

export type WorkListRow = Pick<
  WorkRow,
  | 'id'
  | 'source_id'
  | 'source_type'
  | 'source_url'
  | 'title'
  | 'circle_id'
  | 'release'
  | 'create_date'
  | 'price'
  | 'dl_count'
  | 'rate_count'
  | 'rate_average_2dp'
  | 'rate_count_detail'
  | 'review_count'
  | 'rank'
  | 'age_category'
  | 'nsfw'
  | 'has_subtitle'
  | 'duration'
  | 'lang'
  | 'language_editions'
  | 'translation_info'
  | 'original_workno'
  | 'work_attributes'
>;

export interface SerializeOptions {
  viewer: Principal;
  /** Absolute origin for cover URLs, e.g. `http://127.0.0.1:8888`. */
  baseUrl: string;
  /** Playlist ids to report membership for (`playlistStatus`); only the viewer's own count. */
  withPlaylistStatus?: readonly string[];
  /** Add review_text, progress, updated_at, user_name (always present, null when unset). */
  includeReview?: boolean;
  /** Where a work that had to be left out of a page is reported. */
  log?: { error(obj: object, msg?: string): void };
}

/** A JSON column's value, or undefined when it is empty or not JSON. */
function jsonColumn(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Five per-star counts from the stored column, whatever it holds. */
function storedCounts(text: string | null | undefined): number[] {
  const v = jsonColumn(text);
  if (!Array.isArray(v)) return [0, 0, 0, 0, 0];
  return [0, 1, 2, 3, 4].map((i) => {
    const n = Number(v[i]);
    return Number.isFinite(n) ? Math.min(MAX_INT32, Math.max(0, Math.round(n))) : 0;
  });
}

const checkWork = Compile(Work);

/** Five per-star counts (1★ first) → `[{review_point, count, ratio}]`, ratio in whole percent. */
export function rateDetail(counts: readonly number[]): RateCountDetail[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return [1, 2, 3, 4, 5].map((point) => {
    const count = Number(counts[point - 1] ?? 0);
    return { review_point: point, count, ratio: total ? Math.round((count * 100) / total) : 0 };
  });
}

export function coverUrls(baseUrl: string, id: number) {
  const url = (type: string) => `${baseUrl}/api/cover/${id}.jpg?type=${type}`;
  return { samCoverUrl: url('sam'), thumbnailCoverUrl: url('240x240'), mainCoverUrl: url('main') };
}

function translationInfo(row: WorkListRow): TranslationInfo {
  const t = translationInfoOf(quietReader(), jsonColumn(row.translation_info));
  return {
    ...t,
    lang: t.lang ?? row.lang ?? null,
    is_original: t.is_original ?? !row.original_workno,
    is_parent: t.is_parent ?? false,
    is_child: t.is_child ?? false,
    original_workno: t.original_workno ?? row.original_workno ?? null,
    parent_workno: t.parent_workno ?? null,
    child_worknos: Array.isArray(t.child_worknos) ? t.child_worknos : [],
  };
}

const toIso = (ms: number | null | undefined) => (ms ? new Date(Number(ms)).toISOString() : null);

export async function serializeWorks(
  database: Db,
  rows: readonly WorkListRow[],
  opts: SerializeOptions,
): Promise<Work[]> {
  if (rows.length === 0) return [];
  const { db } = database;
  const ids = rows.map((r) => r.id);
  const userId = opts.viewer.kind === 'account' ? opts.viewer.id : null;
  const circleIds = [...new Set(rows.map((r) => r.circle_id).filter((c): c is number => c !== null))];
  const editions = new Map(
    rows.map((r) => [r.id, languageEditionsOf(quietReader(), jsonColumn(r.language_editions))]),
  );
  const infos = new Map(rows.map((r) => [r.id, translationInfo(r)]));
  const relatedCodes = new Set<string>();
  for (const r of rows) {
    for (const e of editions.get(r.id) ?? []) if (e.workno) relatedCodes.add(String(e.workno));
    const t = infos.get(r.id)!;
    for (const c of [t.original_workno, t.parent_workno, ...t.child_worknos]) if (c) relatedCodes.add(c);
  }
  const playlistIds = userId !== null ? [...new Set(opts.withPlaylistStatus ?? [])] : [];

  const [circles, vas, tags, votes, reviews, siteRatings, related, inPlaylists, ownPlaylists] =
    await Promise.all([
      circleIds.length
        ? db
            .selectFrom('circles')
            .select(['id', 'name', 'source_id', 'source_type'])
            .where('id', 'in', circleIds)
            .execute()
        : [],
      db
        .selectFrom('work_vas as wv')
        .innerJoin('vas as a', 'a.id', 'wv.va_id')
        .select(['wv.work_id', 'a.id', 'a.name'])
        .where('wv.work_id', 'in', ids)
        .orderBy('wv.work_id')
        .orderBy('wv.position')
        .orderBy('a.name')
        .execute(),
      db
        .selectFrom('work_tags as wt')
        .innerJoin('tags as t', 't.id', 'wt.tag_id')
        .select([
          'wt.work_id',
          'wt.upvote',
          'wt.downvote',
          'wt.vote_status',
          't.id',
          't.name',
          't.name_en',
          't.name_ja',
          't.name_zh',
          't.censored_en',
          't.censored_ja',
          't.censored_zh',
        ])
        .where('wt.work_id', 'in', ids)
        .execute(),
      userId !== null
        ? db
            .selectFrom('tag_votes')
            .select(['work_id', 'tag_id', 'status'])
            .where('user_id', '=', userId)
            .where('work_id', 'in', ids)
            .execute()
        : [],
      userId !== null
        ? db
            .selectFrom('reviews')
            .select(['work_id', 'rating', 'review_text', 'progress', 'updated_at'])
            .where('user_id', '=', userId)
            .where('work_id', 'in', ids)
            .execute()
        : [],
      db
        .selectFrom('reviews')
        .select(['work_id', 'rating', (eb) => eb.fn.countAll<number>().as('n')])
        .where('work_id', 'in', ids)
        .where('rating', 'is not', null)
        .groupBy(['work_id', 'rating'])
        .execute(),
      relatedCodes.size
        ? db
            .selectFrom('works')
            .select([
              'id',
              'source_id',
              'source_type',
              'title',
              'lang',
              'original_workno',
              'translation_info',
            ])
            .where('source_id', 'in', [...relatedCodes])
            .execute()
        : [],
      playlistIds.length
        ? db
            .selectFrom('playlist_works as pw')
            .innerJoin('playlists as p', 'p.id', 'pw.playlist_id')
            .select(['pw.playlist_id', 'pw.work_id'])
            .where('p.user_id', '=', userId!)
            .where('pw.playlist_id', 'in', playlistIds)
            .where('pw.work_id', 'in', ids)
            .execute()
        : [],
      playlistIds.length ? Promise.resolve(playlistIds) : Promise.resolve([] as string[]),
    ]);

  const circleById = new Map(circles.map((c) => [c.id, c]));
  const vasByWork = group(vas, (v) => v.work_id);
  const tagsByWork = group(tags, (t) => t.work_id);
  const voteOf = new Map(votes.map((v) => [`${v.work_id}/${v.tag_id}`, v.status]));
  const reviewOf = new Map(reviews.map((r) => [r.work_id, r]));
  const siteCounts = new Map<number, number[]>();
  for (const s of siteRatings) {
    const counts = siteCounts.get(s.work_id) ?? [0, 0, 0, 0, 0];
    const point = Number(s.rating);
    if (point >= 1 && point <= 5) counts[point - 1]! += Number(s.n);
    siteCounts.set(s.work_id, counts);
  }
  const relatedByCode = new Map(related.map((r) => [r.source_id, r]));
  const memberships = new Set(inPlaylists.map((m) => `${m.playlist_id}/${m.work_id}`));

  const built = rows.map((row) => {
    const circle = row.circle_id !== null ? circleById.get(row.circle_id) : undefined;
    const info = infos.get(row.id)!;
    const siteDetail = rateDetail(siteCounts.get(row.id) ?? [0, 0, 0, 0, 0]);
    const siteCount = siteDetail.reduce((a, d) => a + d.count, 0);
    const siteSum = siteDetail.reduce((a, d) => a + d.count * d.review_point, 0);
    const review = reviewOf.get(row.id);
    const workTags: WorkTag[] = (tagsByWork.get(row.id) ?? [])
      .map((t) => ({
        id: t.id,
        name: t.name,
        i18n: {
          'en-us': localeName(t.name_en ?? t.name, t.censored_en),
          'ja-jp': localeName(t.name_ja ?? t.name, t.censored_ja),
          'zh-cn': localeName(t.name_zh ?? t.name, t.censored_zh),
        },
        upvote: t.upvote,
        downvote: t.downvote,
        voteRank: t.upvote - t.downvote,
        voteStatus: t.vote_status,
        myVote: voteOf.get(`${row.id}/${t.id}`) ?? 0,
      }))
      .sort(
        (a, b) =>
          trustOrder(a.voteStatus) - trustOrder(b.voteStatus) || b.voteRank - a.voteRank || a.id - b.id,
      );
    const otherEditions: OtherLanguageEdition[] = [];
    const seen = new Set<string>([row.source_id]);
    for (const code of relatedCodesOf(editions.get(row.id) ?? [], info)) {
      const other = relatedByCode.get(code);
      if (!other || seen.has(code)) continue;
      seen.add(code);
      const otherInfo = translationInfoOf(quietReader(), jsonColumn(other.translation_info));
      otherEditions.push({
        id: other.id,
        lang: other.lang ?? otherInfo.lang ?? '',
        title: other.title,
        source_id: other.source_id,
        is_original: otherInfo.is_original ?? !other.original_workno,
        source_type: other.source_type,
      });
    }
    const work: Work = {
      id: row.id,
      source_id: row.source_id,
      source_type: row.source_type,
      source_url: row.source_url,
      title: row.title,
      circle_id: circle?.id ?? 0,
      name: circle?.name ?? '',
      circle: {
        id: circle?.id ?? 0,
        name: circle?.name ?? '',
        source_id: circle?.source_id ?? '',
        source_type: circle?.source_type ?? row.source_type,
      },
      vas: (vasByWork.get(row.id) ?? []).map((v) => ({ id: v.id, name: v.name })),
      tags: workTags,
      nsfw: !!row.nsfw,
      age_category_string: (['general', 'r15', 'adult'].includes(row.age_category)
        ? row.age_category
        : 'adult') as Work['age_category_string'],
      release: row.release ?? '',
      create_date: row.create_date,
      dl_count: Number(row.dl_count),
      price: Number(row.price),
      review_count: Number(row.review_count),
      rate_count: Number(row.rate_count),
      rate_average_2dp: Number(row.rate_average_2dp),
      rate_count_detail: rateDetail(storedCounts(row.rate_count_detail)),
      site_rate_count: siteCount,
      site_rate_average_2dp: siteCount ? Math.round((siteSum / siteCount) * 100) / 100 : 0,
      site_rate_count_detail: siteDetail,
      rank: rankOf(quietReader(), jsonColumn(row.rank)),
      has_subtitle: !!row.has_subtitle,
      duration: Math.round(Number(row.duration)),
      language_editions: editions.get(row.id) ?? [],
      other_language_editions_in_db: otherEditions,
      translation_info: info,
      original_workno: row.original_workno ?? null,
      work_attributes: row.work_attributes,
      ...coverUrls(opts.baseUrl, row.id),
      userRating: review?.rating ?? null,
    };
    if (opts.includeReview) {
      work.review_text = review?.review_text ?? null;
      work.progress = review?.progress ?? null;
      work.updated_at = toIso(review?.updated_at);
      work.user_name = review && opts.viewer.kind === 'account' ? opts.viewer.name : null;
    }
    if (ownPlaylists.length) {
      work.playlistStatus = Object.fromEntries(
        ownPlaylists.map((p) => [p, memberships.has(`${p}/${row.id}`)]),
      );
    }
    return work;
  });
  return built.flatMap((work) => servable(work, opts));
}

/** The work as the response schema accepts it: as built, repaired, or left out (logged). */
function servable(work: Work, opts: SerializeOptions): Work[] {
  const workId = work.id;
  if (checkWork.Check(work)) return [work];
  const repaired = Value.Repair(Work, work) as Work;
  if (checkWork.Check(repaired)) return [repaired];
  (opts.log ?? console).error(
    {
      workId,
      problems: [...checkWork.Errors(work)].slice(0, 5).map((e) => `${e.instancePath} ${e.message}`),
    },
    'work left out of the page: it does not fit the response schema',
  );
  return [];
}

/** Tags are listed normal-trust first, then weak, then downvoted. */
function trustOrder(status: number): number {
  return status === 1 ? 0 : status === 0 ? 1 : 2;
}

function localeName(name: string, censored: string | null) {
  return censored ? { name, censored } : { name };
}

function relatedCodesOf(editions: readonly LanguageEdition[], info: TranslationInfo): string[] {
  return [
    ...editions.map((e) => String(e.workno)),
    info.original_workno,
    info.parent_workno,
    ...info.child_worknos,
  ].filter((c): c is string => !!c);
}

function group<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
