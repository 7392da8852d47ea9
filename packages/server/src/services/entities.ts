/**
 * Circles, tags and voice actors as list items `{id, name, count}` (count = works in the
 * library), single lookups, and the condition selecting their works.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { INT32_MAX, plainInteger } from '../numericParams.ts';

export type EntityKind = 'circles' | 'tags' | 'vas';

export interface TagItem {
  id: number;
  name: string;
  count: number;
  i18n: { 'en-us': { name: string }; 'ja-jp': { name: string }; 'zh-cn': { name: string } };
}

export async function listCircles(t: Db) {
  const rows = await t.db
    .selectFrom('circles as c')
    .innerJoin('works as w', 'w.circle_id', 'c.id')
    .select(['c.id', 'c.name', 'c.source_id', sql<number>`count(*)`.as('count')])
    .groupBy(['c.id', 'c.name', 'c.source_id'])
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function listVas(t: Db) {
  const rows = await t.db
    .selectFrom('vas as a')
    .innerJoin('work_vas as wv', 'wv.va_id', 'a.id')
    .select(['a.id', 'a.name', sql<number>`count(*)`.as('count')])
    .groupBy(['a.id', 'a.name'])
    .orderBy('a.name')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Tags with their works counted where the tag is not downvoted, names in the three locales. */
export async function listTags(t: Db): Promise<TagItem[]> {
  const rows = await t.db
    .selectFrom('tags as t')
    .innerJoin('work_tags as wt', 'wt.tag_id', 't.id')
    .select(['t.id', 't.name', 't.name_en', 't.name_ja', 't.name_zh', sql<number>`count(*)`.as('count')])
    .where('wt.vote_status', '<>', 2)
    .groupBy(['t.id', 't.name', 't.name_en', 't.name_ja', 't.name_zh'])
    .orderBy('t.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    count: Number(r.count),
    i18n: {
      'en-us': { name: r.name_en ?? r.name },
      'ja-jp': { name: r.name_ja ?? r.name },
      'zh-cn': { name: r.name_zh ?? r.name },
    },
  }));
}

export async function findEntity(t: Db, kind: EntityKind, id: string) {
  if (kind === 'vas') {
    return (
      (await t.db.selectFrom('vas').select(['id', 'name']).where('id', '=', id).executeTakeFirst()) ?? null
    );
  }
  // Circle and tag ids are 32-bit integers: anything else names no entity.
  const n = plainInteger(id);
  if (n === null || n < 0 || n > INT32_MAX) return null;
  if (kind === 'circles') {
    return (
      (await t.db
        .selectFrom('circles')
        .select(['id', 'name', 'source_id', 'source_type'])
        .where('id', '=', n)
        .executeTakeFirst()) ?? null
    );
  }
  const tag = await t.db.selectFrom('tags').selectAll().where('id', '=', n).executeTakeFirst();
  if (!tag) return null;
  return {
    id: tag.id,
    name: tag.name,
    i18n: {
      'en-us': { name: tag.name_en ?? tag.name },
      'ja-jp': { name: tag.name_ja ?? tag.name },
      'zh-cn': { name: tag.name_zh ?? tag.name },
    },
  };
}

/** The works of one entity (a tag counts unless downvoted), as a condition on `works as w`. */
export function worksOfEntity(kind: EntityKind, id: string | number): Expression<SqlBool> {
  if (kind === 'circles') return sql<SqlBool>`w.circle_id = ${Number(id)}`;
  if (kind === 'tags') {
    return sql<SqlBool>`w.id in (select work_id from work_tags where tag_id = ${Number(id)} and vote_status <> 2)`;
  }
  return sql<SqlBool>`w.id in (select work_id from work_vas where va_id = ${String(id)})`;
}
