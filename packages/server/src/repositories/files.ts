/** The `files` table: the catalogued files of each work. */
import { type SqlBool, sql } from 'kysely';
import type { FileRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export async function filesOfWork(
  q: Queryable,
  workId: number,
): Promise<Pick<FileRow, 'id' | 'path' | 'type' | 'size' | 'duration' | 'audio_file_id'>[]> {
  return q
    .selectFrom('files')
    .select(['id', 'path', 'type', 'size', 'duration', 'audio_file_id'])
    .where('work_id', '=', workId)
    .execute();
}

/** The file and the files linked to it (its lyrics and subtitles), within one work. */
export async function fileWithLinked(
  q: Queryable,
  workId: number,
  fileId: number,
): Promise<Pick<FileRow, 'id' | 'path' | 'audio_file_id'>[]> {
  return q
    .selectFrom('files')
    .select(['id', 'path', 'audio_file_id'])
    .where('work_id', '=', workId)
    .where((eb) => eb.or([eb('id', '=', fileId), eb('audio_file_id', '=', fileId)]))
    .execute();
}

export interface MediaFileRow {
  id: number;
  work_id: number;
  path: string;
  type: string;
  charset: string | null;
  content_type: string | null;
  size: number;
  mtime: number;
  root_index: number;
  folder_path: string;
}

/** A file with where its work lives on disk (of this work, when given). */
function mediaFileRows(q: Queryable) {
  return q
    .selectFrom('files')
    .innerJoin('works', 'works.id', 'files.work_id')
    .select([
      'files.id',
      'files.work_id',
      'files.path',
      'files.type',
      'files.charset',
      'files.content_type',
      'files.size',
      'files.mtime',
      'works.root_index',
      'works.folder_path',
    ]);
}

export async function mediaFileRow(
  q: Queryable,
  fileId: number,
  workId?: number,
): Promise<MediaFileRow | undefined> {
  let query = mediaFileRows(q).where('files.id', '=', fileId);
  if (workId !== undefined) query = query.where('files.work_id', '=', workId);
  return query.executeTakeFirst();
}

/** Every file of a work with where the work lives on disk, in no particular order. */
export async function mediaFilesOfWork(q: Queryable, workId: number): Promise<MediaFileRow[]> {
  return mediaFileRows(q).where('files.work_id', '=', workId).execute();
}

/** The number of audio files of each of these works (works without any are left out). */
export async function audioCounts(q: Queryable, workIds: readonly number[]): Promise<Map<number, number>> {
  if (workIds.length === 0) return new Map();
  const rows = await q
    .selectFrom('files')
    .select(['work_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('work_id', 'in', workIds)
    .where('type', '=', 'audio')
    .groupBy('work_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.work_id), Number(r.n)]));
}

/** An audio file's work, or undefined. */
export async function workOfAudioFile(q: Queryable, fileId: number): Promise<number | undefined> {
  const row = await q
    .selectFrom('files')
    .select('work_id')
    .where('id', '=', fileId)
    .where('type', '=', 'audio')
    .executeTakeFirst();
  return row?.work_id;
}

/** Audio files whose path holds this text (case-insensitive), at most `limit`: getLyrics by title. */
export async function audioFilesLike(q: Queryable, text: string, limit: number) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q
    .selectFrom('files')
    .select(['id', 'work_id', 'path'])
    .where('type', '=', 'audio')
    .where(sql<SqlBool>`lower(path) like ${pattern} escape '\\'`)
    .orderBy('id')
    .limit(limit)
    .execute();
}
