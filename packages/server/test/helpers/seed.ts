/**
 * Direct catalogue inserts through Kysely, for API tests and the 100k-work benchmark: circles,
 * voice actors (UUIDv5 ids), tags, works with their links and files, reviews and users.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Db } from '../../src/db/connect.ts';
import type { NewWork } from '../../src/db/schema.ts';
import { refreshWorkRating } from '../../src/services/reviews.ts';

export const VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';
export const vaId = (name: string) => uuidv5(name, VA_NAMESPACE);

export interface SeedTag {
  id: number;
  name: string;
  name_en?: string;
  name_zh?: string;
  /** weak 0, normal 1 (default), downvoted 2 */
  status?: number;
  upvote?: number;
  downvote?: number;
}

export interface SeedFile {
  path: string;
  type: 'audio' | 'text' | 'image' | 'other';
  size: number;
  duration?: number | null;
  mtime?: number;
  charset?: string | null;
  /** Path of the audio file this subtitle belongs to. */
  audioPath?: string;
  id?: number;
}

export interface SeedWork extends Partial<NewWork> {
  id: number;
  title: string;
  circle?: { id: number; name: string };
  vas?: string[];
  tags?: SeedTag[];
  files?: SeedFile[];
}

/** Every defaulted column spelled out: a multi-row insert sends NULL for a key one row lacks. */
const WORK_DEFAULTS = {
  create_date: '2024-01-01',
  release: '2023-01-01',
  price: 0,
  dl_count: 0,
  rate_count: 0,
  rate_average_2dp: 0,
  rate_count_detail: '[0,0,0,0,0]',
  review_count: 0,
  rank: null,
  age_category: 'adult',
  nsfw: 1,
  has_subtitle: 0,
  duration: 0,
  lang: null,
  language_editions: '[]',
  translation_info: '{}',
  original_workno: null,
  work_attributes: '',
  root_index: 0,
  folder_path: '',
  cover_path: null,
};

const code = (id: number) => `RJ${String(id).padStart(id >= 1_000_000 ? 8 : 6, '0')}`;

/** Search text as the scanner builds it: lower-cased title, circle, voice actors and tag names. */
export function searchTextOf(w: SeedWork): string {
  return [
    w.title,
    w.circle?.name,
    ...(w.vas ?? []),
    ...(w.tags ?? []).flatMap((t) => [t.name, t.name_en, t.name_zh]),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

export async function seedWorks(t: Db, works: readonly SeedWork[]): Promise<void> {
  const db = t;
  await db.transaction().execute(async (tx) => {
    const circles = new Map<number, string>();
    const vas = new Set<string>();
    const tags = new Map<number, SeedTag>();
    for (const w of works) {
      if (w.circle) circles.set(w.circle.id, w.circle.name);
      for (const v of w.vas ?? []) vas.add(v);
      for (const tag of w.tags ?? []) tags.set(tag.id, tag);
    }
    const existingCircles = new Set((await tx.selectFrom('circles').select('id').execute()).map((r) => r.id));
    const newCircles = [...circles].filter(([id]) => !existingCircles.has(id));
    if (newCircles.length) {
      await tx
        .insertInto('circles')
        .values(newCircles.map(([id, name]) => ({ id, name, source_id: `RG${String(id).padStart(5, '0')}` })))
        .execute();
    }
    const existingVas = new Set((await tx.selectFrom('vas').select('name').execute()).map((r) => r.name));
    const newVas = [...vas].filter((n) => !existingVas.has(n));
    for (let i = 0; i < newVas.length; i += 500) {
      await tx
        .insertInto('vas')
        .values(newVas.slice(i, i + 500).map((name) => ({ id: vaId(name), name })))
        .execute();
    }
    const existingTags = new Set((await tx.selectFrom('tags').select('id').execute()).map((r) => r.id));
    const newTags = [...tags.values()].filter((tag) => !existingTags.has(tag.id));
    if (newTags.length) {
      await tx
        .insertInto('tags')
        .values(
          newTags.map((tag) => ({
            id: tag.id,
            name: tag.name,
            name_ja: tag.name,
            name_en: tag.name_en ?? null,
            name_zh: tag.name_zh ?? null,
          })),
        )
        .execute();
    }
    for (let i = 0; i < works.length; i += 200) {
      const chunk = works.slice(i, i + 200);
      await tx
        .insertInto('works')
        .values(
          chunk.map(({ circle, vas: _v, tags: _t, files: _f, ...w }) => ({
            source_id: code(w.id),
            source_url: `https://www.dlsite.com/maniax/work/=/product_id/${code(w.id)}.html`,
            ...WORK_DEFAULTS,
            circle_id: circle?.id ?? null,
            search_text: searchTextOf({ ...w, circle, vas: _v, tags: _t } as SeedWork),
            random_key: (w.id * 2_654_435_761) % 2_147_483_629,
            ...w,
          })),
        )
        .execute();
      const links = chunk.flatMap((w) =>
        (w.vas ?? []).map((v, position) => ({ work_id: w.id, va_id: vaId(v), position })),
      );
      if (links.length) await tx.insertInto('work_vas').values(links).execute();
      const wt = chunk.flatMap((w) =>
        (w.tags ?? []).map((tag) => ({
          work_id: w.id,
          tag_id: tag.id,
          vote_status: tag.status ?? 1,
          upvote: tag.upvote ?? 0,
          downvote: tag.downvote ?? 0,
        })),
      );
      if (wt.length) await tx.insertInto('work_tags').values(wt).execute();
    }
    for (const w of works) {
      if (!w.files?.length) continue;
      const ids = new Map<string, number>();
      for (const f of w.files.filter((x) => !x.audioPath)) {
        const row = await tx
          .insertInto('files')
          .values({
            ...(f.id ? { id: f.id } : {}),
            work_id: w.id,
            path: f.path,
            type: f.type,
            size: f.size,
            duration: f.duration ?? null,
            mtime: f.mtime ?? 1_700_000_000_000,
            charset: f.charset ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(f.path, row.id);
      }
      for (const f of w.files.filter((x) => x.audioPath)) {
        await tx
          .insertInto('files')
          .values({
            ...(f.id ? { id: f.id } : {}),
            work_id: w.id,
            path: f.path,
            type: f.type,
            size: f.size,
            mtime: f.mtime ?? 1_700_000_000_000,
            charset: f.charset ?? null,
            audio_file_id: ids.get(f.audioPath!) ?? null,
          })
          .execute();
      }
    }
  });
}

/** A user row (the accounts module owns real registration); returns its id. */
export async function seedUser(t: Db, name: string): Promise<number> {
  const now = Date.now();
  const row = await t
    .insertInto('users')
    .values({
      name,
      password_hash: 'x',
      recommender_uuid: uuidv5(name, VA_NAMESPACE),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedReview(
  t: Db,
  userId: number,
  workId: number,
  rating: number | null,
  extra: { review_text?: string; progress?: string; updated_at?: number } = {},
): Promise<void> {
  const now = extra.updated_at ?? Date.now();
  // As the review routes do: the work's stored site rating follows its reviews.
  await t.transaction().execute(async (tx) => {
    await tx
      .insertInto('reviews')
      .values({
        user_id: userId,
        work_id: workId,
        rating,
        review_text: extra.review_text ?? null,
        progress: extra.progress ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await refreshWorkRating(tx, workId);
  });
}

/** Makes the private playlist `id` of `userId` again (same id) when a test deleted it; else nothing. */
export async function restorePrivatePlaylist(t: Db, id: string, userId: number): Promise<void> {
  const have = await t.selectFrom('playlists').select('id').where('id', '=', id).executeTakeFirst();
  if (have) return;
  await t
    .insertInto('playlists')
    .values({
      id,
      user_id: userId,
      name: 'Private',
      privacy: 0,
      system_kind: null,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
}
