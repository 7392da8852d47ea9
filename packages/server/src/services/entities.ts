/**
 * Circles, tags and voice actors as list items `{id, name, count}` (count = works in the
 * library), single lookups, and the condition selecting their works.
 */
import type { Db } from '../db/connect.ts';
import { keptBuffer } from '../keptBuffer.ts';
import { type TagI18n, tagI18n } from '../mappers/entity.ts';
import { INT32_MAX, plainInteger } from '../numericParams.ts';
import {
  circleCounts,
  circlesNamed,
  type EntityKind,
  findCircle,
  findTag,
  findVa,
  tagCounts,
  tagSongCounts,
  vaCounts,
  vasNamed,
} from '../repositories/entities.ts';
import { workCacheOf } from './catalogue/workCache.ts';

export type { EntityKind };

export interface TagItem {
  id: number;
  name: string;
  count: number;
  i18n: TagI18n;
}

/**
 * What each entity list reads (services/catalogue/workCache.ts scopes): the works (a circle is a
 * column of `works`, and every list counts works), the links of tags or voice actors, new names.
 */
export const ENTITY_LIST_SCOPES: Record<EntityKind, readonly string[]> = {
  circles: ['lists', 'entities'],
  tags: ['lists', 'tags', 'entities'],
  vas: ['lists', 'vas', 'entities'],
};

/** An entity list, kept until a change of what it reads (the counts are exact, never stale). */
function keptList<T>(t: Db, kind: EntityKind, read: () => Promise<T>): Promise<T> {
  return workCacheOf(t).cached(`entity-list:${kind}`, ENTITY_LIST_SCOPES[kind], read, (v) =>
    // Rows of a few short strings and numbers: about 200 bytes each as objects.
    Array.isArray(v) ? 200 * v.length : 4096,
  );
}

export function listCircles(t: Db) {
  return keptList(t, 'circles', async () => {
    const rows = await circleCounts(t);
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  });
}

export function listVas(t: Db) {
  return keptList(t, 'vas', async () => {
    const rows = await vaCounts(t);
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  });
}

/** Tags with their works counted where the tag is not downvoted, names in the three locales. */
export function listTags(t: Db): Promise<TagItem[]> {
  return keptList(t, 'tags', async () => {
    const rows = await tagCounts(t);
    return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count), i18n: tagI18n(r) }));
  });
}

/**
 * An answer made from an entity list (its JSON, a Subsonic index), kept as bytes beside the list
 * until a change of what the list reads: a repeated request is a lookup.
 */
export async function keptAnswer(t: Db, kind: EntityKind, name: string, make: () => Promise<Buffer>) {
  return workCacheOf(t).cached(
    `entity-answer:${kind}:${name}`,
    ENTITY_LIST_SCOPES[kind],
    async () => keptBuffer(await make()),
    (b) => b.length,
  );
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

/** Songs (audio files) of each tag's works where the tag is not voted down: tag id → count. */
export async function songCountsByTag(t: Db): Promise<Map<number, number>> {
  const rows = await keptList(t, 'tags', () => tagSongCounts(t));
  return new Map(rows.map((r) => [Number(r.tag_id), Number(r.n)]));
}

/**
 * Circles, then voice actors, whose name holds this text (case-insensitive), each by name with
 * their works counted: the first `limit` of that order.
 */
export async function artistsNamed(t: Db, text: string, limit: number) {
  const circles = (await circlesNamed(t, text, limit, 0)).map((r) => ({ ...r, count: Number(r.count) }));
  const left = Math.max(0, limit - circles.length);
  const vas = left ? (await vasNamed(t, text, left, 0)).map((r) => ({ ...r, count: Number(r.count) })) : [];
  return { circles, vas };
}
