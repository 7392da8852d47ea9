/** Recommender feedback at the listening milestones of docs/product.md §9, each sent once per play. */
import type { RecommenderEvent } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';
import { noteRecommenderHistory } from '../../shared/recommender/ownHistory.ts';

/** Seconds played for the time milestones. */
export const TIME_MILESTONES = [
  { type: 'start', seconds: 0 },
  { type: 'play5m', seconds: 5 * 60 },
  { type: 'play15m', seconds: 15 * 60 },
  { type: 'play30m', seconds: 30 * 60 },
  { type: 'play60m', seconds: 60 * 60 },
] as const;
export const RATIO_MILESTONES = [
  { type: 'progress30', ratio: 0.3 },
  { type: 'progress60', ratio: 0.6 },
  { type: 'progress90', ratio: 0.9 },
] as const;

/**
 * Milestones reached after `played` seconds actually listened (seeking does not count) of a track
 * of `duration` seconds, not yet sent.
 */
export function dueMilestones(
  played: number,
  duration: number,
  sent: ReadonlySet<string>,
): RecommenderEvent[] {
  const due: RecommenderEvent[] = [];
  for (const m of TIME_MILESTONES) if (played >= m.seconds && !sent.has(m.type)) due.push(m.type);
  if (duration > 0)
    for (const m of RATIO_MILESTONES) if (played >= duration * m.ratio && !sent.has(m.type)) due.push(m.type);
  return due;
}

/** Sends one feedback; a failure is skipped silently (the recommender is a nicety). */
export async function sendFeedback(
  type: RecommenderEvent,
  recommenderUuid: string,
  itemId: number,
): Promise<void> {
  try {
    await call(
      'POST /api/recommender/feedback',
      { body: { type, recommenderUuid, itemId } },
      { silent: true },
    );
    noteRecommenderHistory(recommenderUuid);
  } catch {
    // skipped on purpose
  }
}
