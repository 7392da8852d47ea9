/**
 * The song each listener streamed last, remembered in memory. getLyrics names a song only by
 * artist and title, and voice works reuse the same track titles ("01 はじめに", "02 耳かき") under
 * one circle; players ask for the lyrics of the song they have just started, so that song
 * settles which of the homonyms is meant. Per instance and forgotten on restart: a hint, never
 * a rule.
 */
import type { Principal } from '../auth/principal.ts';
import { userIdOf } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';

/** Listeners remembered per instance; the least recent are dropped beyond this. */
const MAX_LISTENERS = 10_000;

const byContext = new WeakMap<AppContext, Map<number, number>>();

function memoryOf(ctx: AppContext): Map<number, number> {
  let memory = byContext.get(ctx);
  if (!memory) {
    memory = new Map();
    byContext.set(ctx, memory);
  }
  return memory;
}

export function noteStreamed(ctx: AppContext, viewer: Principal, fileId: number): void {
  const userId = userIdOf(viewer);
  if (userId === null) return;
  const memory = memoryOf(ctx);
  // Re-inserted, so the map's order is least recent first.
  memory.delete(userId);
  memory.set(userId, fileId);
  if (memory.size > MAX_LISTENERS) memory.delete(memory.keys().next().value as number);
}

/** The audio file the viewer streamed last on this instance, if any. */
export function lastStreamed(ctx: AppContext, viewer: Principal): number | undefined {
  const userId = userIdOf(viewer);
  return userId === null ? undefined : byContext.get(ctx)?.get(userId);
}
