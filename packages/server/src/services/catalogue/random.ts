/**
 * Random picks of the catalogue for players (Subsonic's random albums and songs): a random point
 * of the works' stable random order (`random_key`, indexed) and the works after it, which costs
 * an index range read instead of shuffling the whole catalogue.
 */
import type { Db } from '../../db/connect.ts';
import { idsFromRandomKey } from '../../repositories/works.ts';

/** Up to `size` work ids in random order, of one library root (its index) or of all. */
export function randomWorkIds(db: Db, size: number, rootIndex?: number): Promise<number[]> {
  const from = Math.floor(Math.random() * 2 ** 31);
  return idsFromRandomKey(db, from, size, rootIndex);
}
