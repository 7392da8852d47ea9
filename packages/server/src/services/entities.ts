/**
 * Circles, tags and voice actors as list items `{id, name, count}` (count = works in the
 * library), single lookups, and the condition selecting their works.
 */
import type { Db } from '../db/connect.ts';
import { type TagI18n, tagI18n } from '../mappers/entity.ts';
import { INT32_MAX, plainInteger } from '../numericParams.ts';
import {
  circleCounts,
  type EntityKind,
  findCircle,
  findTag,
  findVa,
  tagCounts,
  vaCounts,
} from '../repositories/entities.ts';

export type { EntityKind };

export interface TagItem {
  id: number;
  name: string;
  count: number;
  i18n: TagI18n;
}

export async function listCircles(t: Db) {
  const rows = await circleCounts(t);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function listVas(t: Db) {
  const rows = await vaCounts(t);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Tags with their works counted where the tag is not downvoted, names in the three locales. */
export async function listTags(t: Db): Promise<TagItem[]> {
  const rows = await tagCounts(t);
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count), i18n: tagI18n(r) }));
}

export async function findEntity(t: Db, kind: EntityKind, id: string) {
  if (kind === 'vas') return (await findVa(t, id)) ?? null;
  // Circle and tag ids are 32-bit integers: anything else names no entity.
  const n = plainInteger(id);
  if (n === null || n < 0 || n > INT32_MAX) return null;
  if (kind === 'circles') return (await findCircle(t, n)) ?? null;
  const tag = await findTag(t, n);
  if (!tag) return null;
  return { id: tag.id, name: tag.name, i18n: tagI18n(tag) };
}
