/**
 * The circles, voice actors and tags of a group of works, written with a few statements for the
 * whole group rather than a few per name: on PostgreSQL each statement is a round trip, and a
 * first scan meets thousands of names. The result is the one writing them one by one, in the
 * works' order, would give: the same ids, the same merges, the same last-written names.
 */
import type { Insertable } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import { CHUNK, chunked } from '../chunked.ts';
import type { Database } from '../db/schema.ts';
import type { TagMeta, WorkMetadata } from '../metadata/types.ts';
import type { Queryable } from '../repositories/queryable.ts';
import {
  type CircleRow,
  circlesNamed,
  deleteCircles,
  insertTags,
  insertVas,
  moveWorksToCircle,
  standInCircles,
  tagNameOf,
  tagsNamed,
  tagsWithIds,
  updateTag,
  upsertCircles,
} from '../repositories/scan.ts';
import { syntheticId } from './summary.ts';

export const VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';

export const vaIdOf = (name: string) => uuidv5(name, VA_NAMESPACE);

type Trx = Queryable;
type Circle = NonNullable<WorkMetadata['circle']>;

/** Circles known only by name (from a folder name) get ids from this value up. */
const SYNTHETIC_ID_BASE = 1_000_000_000;

/**
 * What one scan has already written of circles, voice actors and tags, so that the thousand
 * works of one circle do not upsert it a thousand times. Entries join the cache only after
 * their transaction commits: a rolled-back work leaves no false memory behind.
 */
export class WriteCache {
  readonly circles = new Map<string, number>();
  readonly vas = new Set<string>();
  readonly tags = new Map<string, number>();
}

/** What the running transaction wrote, keyed like the cache; it wins over the cache. */
export class Pending {
  readonly circles = new Map<string, number>();
  readonly vas = new Set<string>();
  readonly tags = new Map<string, number>();

  /** After the commit: what the transaction wrote joins the scan's cache. */
  learnInto(cache: WriteCache): void {
    for (const [k, id] of this.circles) cache.circles.set(k, id);
    for (const name of this.vas) cache.vas.add(name);
    for (const [k, id] of this.tags) cache.tags.set(k, id);
  }
}

const circleKey = (c: Circle) => JSON.stringify([c.id ?? null, c.name, c.sourceId ?? null]);
const nameOnlyKey = (name: string) => JSON.stringify([null, name, null]);
const tagKey = (t: TagMeta) => JSON.stringify(t);

const unique = <T>(items: Iterable<T>, key: (item: T) => string): T[] => [
  ...new Map([...items].map((item) => [key(item), item] as const)).values(),
];

/** Circles by id: an existing row takes the new name, and the source id only when one is given. */
async function upsertCircleRows(trx: Trx, rows: CircleRow[]) {
  await chunked(rows, CHUNK, (chunk) => upsertCircles(trx, chunk));
}

/** One row per id: the last name met wins, and the last source id given. */
function circleRows(circles: { id: number; c: Circle }[]) {
  const rows = new Map<number, CircleRow>();
  for (const { id, c } of circles) {
    rows.set(id, { id, name: c.name, source_id: c.sourceId || rows.get(id)?.source_id || '' });
  }
  return [...rows.values()];
}

/** Circles already written by this transaction or, earlier, by this scan. */
const knownCircle = (cache: WriteCache, pending: Pending) => (c: Circle) =>
  pending.circles.has(circleKey(c)) || cache.circles.has(circleKey(c));

/**
 * Store circles (with an id) are written first: each absorbs the name-only stand-ins of its
 * name, so a name-only circle of the same group then finds the store id.
 */
async function writeCircles(trx: Trx, circles: Circle[], cache: WriteCache, pending: Pending) {
  const known = knownCircle(cache, pending);
  await writeStoreCircles(
    trx,
    unique(
      circles.filter((c) => c.id && !known(c)),
      circleKey,
    ),
    pending,
  );
  await writeNameOnlyCircles(
    trx,
    unique(
      circles.filter((c) => !c.id && !known(c)),
      circleKey,
    ),
    pending,
  );
}

async function writeStoreCircles(trx: Trx, store: Circle[], pending: Pending) {
  if (!store.length) return;
  await upsertCircleRows(trx, circleRows(store.map((c) => ({ id: c.id!, c }))));
  // A stand-in joins the first store circle of its name, as writing them in order would do.
  const firstOfName = new Map<string, number>();
  for (const c of store) if (!firstOfName.has(c.name)) firstOfName.set(c.name, c.id!);
  const standIns = await chunked([...firstOfName.keys()], CHUNK, (names) =>
    standInCircles(trx, names, SYNTHETIC_ID_BASE),
  );
  const merged = new Map<number, number[]>();
  for (const s of standIns) {
    const target = firstOfName.get(s.name)!;
    if (s.id !== target) merged.set(target, [...(merged.get(target) ?? []), s.id]);
  }
  for (const [target, ids] of merged) {
    await chunked(ids, CHUNK, (chunk) => moveWorksToCircle(trx, target, chunk));
  }
  await chunked([...merged.values()].flat(), CHUNK, (chunk) => deleteCircles(trx, chunk));
  for (const c of store) {
    pending.circles.set(circleKey(c), c.id!);
    pending.circles.set(nameOnlyKey(c.name), c.id!);
  }
}

/** A circle known by name takes the oldest circle of that name, else a new one, its id made from the name. */
async function writeNameOnlyCircles(trx: Trx, byName: Circle[], pending: Pending) {
  if (!byName.length) return;
  const names = [...new Set(byName.map((c) => c.name))];
  const existing = await chunked(names, CHUNK, (chunk) => circlesNamed(trx, chunk));
  const idOfName = new Map<string, number>();
  for (const r of existing) if (!idOfName.has(r.name)) idOfName.set(r.name, r.id);
  // A new name's first circle makes its row; later ones of that name find it.
  const fresh: { id: number; c: Circle }[] = [];
  for (const c of byName) {
    if (idOfName.has(c.name)) continue;
    const id = syntheticId(`circle:${c.name}`);
    idOfName.set(c.name, id);
    fresh.push({ id, c });
  }
  await upsertCircleRows(trx, circleRows(fresh));
  for (const c of byName) pending.circles.set(circleKey(c), idOfName.get(c.name)!);
}

async function writeVas(trx: Trx, names: string[], cache: WriteCache, pending: Pending) {
  const fresh = [...new Set(names)].filter((n) => !cache.vas.has(n) && !pending.vas.has(n));
  await chunked(fresh, CHUNK, (chunk) =>
    insertVas(
      trx,
      chunk.map((name) => ({ id: vaIdOf(name), name })),
    ),
  );
  for (const n of fresh) pending.vas.add(n);
}

/**
 * The tags table as far as these tags concern it (their names, their ids, the ids new names
 * would take), read once and kept current as tags are written.
 */
class TagMirror {
  private readonly idOfName = new Map<string, number>();
  private readonly nameOfId = new Map<number, string>();
  private readonly looked = new Set<number>();

  constructor(private readonly trx: Trx) {}

  async load(tags: TagMeta[]): Promise<void> {
    const names = [...new Set(tags.map((t) => t.name))];
    const ids = [
      ...new Set([
        ...tags.flatMap((t) => (t.id !== undefined ? [t.id] : [])),
        ...names.map((n) => syntheticId(`tag:${n}`)),
      ]),
    ];
    const rows = [
      ...(await chunked(names, CHUNK, (chunk) => tagsNamed(this.trx, chunk))),
      ...(await chunked(ids, CHUNK, (chunk) => tagsWithIds(this.trx, chunk))),
    ];
    for (const id of ids) this.looked.add(id);
    for (const r of rows) this.set(r.id, r.name);
  }

  idOf = (name: string) => this.idOfName.get(name);
  nameOf = (id: number) => this.nameOfId.get(id);

  set(id: number, name: string): void {
    const old = this.nameOfId.get(id);
    if (old !== undefined && this.idOfName.get(old) === id) this.idOfName.delete(old);
    this.nameOfId.set(id, name);
    this.idOfName.set(name, id);
  }

  /** Whether a tag has this id; ids not read at load are asked (a rare hash collision). */
  async taken(id: number): Promise<boolean> {
    if (this.nameOfId.has(id) || this.looked.has(id)) return this.nameOfId.has(id);
    this.looked.add(id);
    const name = await tagNameOf(this.trx, id);
    if (name !== undefined) this.set(id, name);
    return name !== undefined;
  }
}

/**
 * Each tag's id: the store's id when given, else an existing tag of that name, else a new one;
 * only the locales a source knows are updated. New tags are inserted together, before any update
 * that follows them, so every statement sees the table writing them in order would.
 */
async function writeTags(trx: Trx, all: TagMeta[], cache: WriteCache, pending: Pending) {
  const tags = unique(
    all.filter((t) => !cache.tags.has(tagKey(t)) && !pending.tags.has(tagKey(t))),
    tagKey,
  );
  if (!tags.length) return;
  const mirror = new TagMirror(trx);
  await mirror.load(tags);
  const inserts: Insertable<Database['tags']>[] = [];
  const insertNew = () => chunked(inserts.splice(0), CHUNK, (chunk) => insertTags(trx, chunk));
  const update = async (id: number, set: Partial<Database['tags']>) => {
    await insertNew();
    await updateTag(trx, id, set);
  };
  for (const t of tags) {
    const names = {
      name_en: t.en ?? null,
      name_ja: t.ja ?? null,
      name_zh: t.zh ?? null,
      censored_en: t.censoredEn ?? null,
      censored_ja: t.censoredJa ?? null,
      censored_zh: t.censoredZh ?? null,
    };
    const known = Object.fromEntries(Object.entries(names).filter(([, v]) => v !== null));
    const hasKnown = Object.keys(known).length > 0;
    const byName = mirror.idOf(t.name);
    let id: number | undefined;
    if (t.id !== undefined) {
      const nameOfId = mirror.nameOf(t.id);
      if (nameOfId !== undefined) {
        const rename = nameOfId !== t.name && byName === undefined;
        if (rename || hasKnown) await update(t.id, { ...known, ...(rename ? { name: t.name } : {}) });
        if (rename) mirror.set(t.id, t.name);
        id = t.id;
      } else if (byName === undefined) {
        inserts.push({ id: t.id, name: t.name, ...names });
        mirror.set(t.id, t.name);
        id = t.id;
      }
    }
    if (id === undefined && byName !== undefined) {
      if (hasKnown) await update(byName, known);
      id = byName;
    }
    if (id === undefined) {
      id = syntheticId(`tag:${t.name}`);
      while (await mirror.taken(id)) id++;
      inserts.push({ id, name: t.name, ...names });
      mirror.set(id, t.name);
    }
    pending.tags.set(tagKey(t), id);
  }
  await insertNew();
}

export interface WorkEntities {
  circleId: number | null;
  /** In the metadata's order, each once. */
  vaIds: string[];
  tagIds: number[];
}

/** Writes what these works' circles, voice actors and tags need; answers each work's ids. */
export async function writeEntities(
  trx: Trx,
  works: readonly { metadata: WorkMetadata }[],
  cache: WriteCache,
  pending: Pending,
): Promise<WorkEntities[]> {
  const metas = works.map((w) => w.metadata);
  await writeCircles(
    trx,
    metas.flatMap((m) => (m.circle ? [m.circle] : [])),
    cache,
    pending,
  );
  await writeVas(
    trx,
    metas.flatMap((m) => m.vas),
    cache,
    pending,
  );
  await writeTags(
    trx,
    metas.flatMap((m) => m.tags),
    cache,
    pending,
  );
  const circleOf = (key: string) => pending.circles.get(key) ?? cache.circles.get(key)!;
  const tagOf = (t: TagMeta) => pending.tags.get(tagKey(t)) ?? cache.tags.get(tagKey(t))!;
  return metas.map((m) => ({
    circleId: m.circle ? circleOf(circleKey(m.circle)) : null,
    vaIds: [...new Set(m.vas)].map(vaIdOf),
    tagIds: [...new Set(m.tags.map(tagOf))],
  }));
}
