/** Circles, voice actors and tags with the number of works of each, and single lookups. */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TagRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export type EntityKind = 'circles' | 'tags' | 'vas';

export async function circleCounts(q: Queryable) {
  return q
    .selectFrom('circles as c')
    .innerJoin('works as w', 'w.circle_id', 'c.id')
    .select(['c.id', 'c.name', 'c.source_id', sql<number>`count(*)`.as('count')])
    .groupBy(['c.id', 'c.name', 'c.source_id'])
    .orderBy('c.name')
    .execute();
}

export async function vaCounts(q: Queryable) {
  return q
    .selectFrom('vas as a')
    .innerJoin('work_vas as wv', 'wv.va_id', 'a.id')
    .select(['a.id', 'a.name', sql<number>`count(*)`.as('count')])
    .groupBy(['a.id', 'a.name'])
    .orderBy('a.name')
    .execute();
}

/** Tags with their works counted where the tag is not downvoted. */
export async function tagCounts(q: Queryable) {
  return q
    .selectFrom('tags as t')
    .innerJoin('work_tags as wt', 'wt.tag_id', 't.id')
    .select(['t.id', 't.name', 't.name_en', 't.name_ja', 't.name_zh', sql<number>`count(*)`.as('count')])
    .where('wt.vote_status', '<>', 2)
    .groupBy(['t.id', 't.name', 't.name_en', 't.name_ja', 't.name_zh'])
    .orderBy('t.name')
    .execute();
}

export async function findVa(q: Queryable, id: string) {
  return q.selectFrom('vas').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function findCircle(q: Queryable, id: number) {
  return q
    .selectFrom('circles')
    .select(['id', 'name', 'source_id', 'source_type'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findTag(q: Queryable, id: number): Promise<TagRow | undefined> {
  return q.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The works of one entity (a tag counts unless downvoted), as a condition on `works as w`. */
export function worksOfEntity(kind: EntityKind, id: string | number): Expression<SqlBool> {
  if (kind === 'circles') return sql<SqlBool>`w.circle_id = ${Number(id)}`;
  if (kind === 'tags') {
    return sql<SqlBool>`w.id in (select work_id from work_tags where tag_id = ${Number(id)} and vote_status <> 2)`;
  }
  return sql<SqlBool>`w.id in (select work_id from work_vas where va_id = ${String(id)})`;
}

/** The number of audio files of each tag's works (where the tag is not downvoted). */
export async function tagSongCounts(q: Queryable) {
  return q
    .selectFrom('work_tags as wt')
    .innerJoin('files as f', 'f.work_id', 'wt.work_id')
    .select(['wt.tag_id', sql<number>`count(*)`.as('n')])
    .where('wt.vote_status', '<>', 2)
    .where('f.type', '=', 'audio')
    .groupBy('wt.tag_id')
    .execute();
}

/** Circles and voice actors whose name holds this text (case-insensitive), with their works counted. */
export async function circlesNamed(q: Queryable, text: string, limit: number, offset: number) {
  return q
    .selectFrom('circles as c')
    .innerJoin('works as w', 'w.circle_id', 'c.id')
    .select(['c.id', 'c.name', sql<number>`count(*)`.as('count')])
    .where(sql<SqlBool>`lower(c.name) like ${`%${likeEscape(text.toLowerCase())}%`} escape '\\'`)
    .groupBy(['c.id', 'c.name'])
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function vasNamed(q: Queryable, text: string, limit: number, offset: number) {
  return q
    .selectFrom('vas as a')
    .innerJoin('work_vas as wv', 'wv.va_id', 'a.id')
    .select(['a.id', 'a.name', sql<number>`count(*)`.as('count')])
    .where(sql<SqlBool>`lower(a.name) like ${`%${likeEscape(text.toLowerCase())}%`} escape '\\'`)
    .groupBy(['a.id', 'a.name'])
    .orderBy('a.name')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
