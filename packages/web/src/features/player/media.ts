import { webpCover } from '../../shared/api/coverUrl.ts';
import type { QualityBehavior } from '../../shared/settings/schema.ts';
import type { QueueTrack } from './types.ts';

/** The part of the Network Information API the quality choice reads. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

export function isSlowConnection(c: ConnectionInfo | undefined): boolean {
  if (!c) return false;
  return c.saveData === true || (c.effectiveType !== undefined && SLOW_TYPES.has(c.effectiveType));
}

export function browserConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/**
 * Which stream to play (docs/product.md §9 qualityBehavior): `fluentFirst` takes the low-quality stream when
 * one exists and the connection is slow, `lowQualityOnly` whenever one exists, `qualityFirst`
 * always the original.
 */
export function streamUrlFor(
  track: QueueTrack,
  behavior: QualityBehavior,
  connection: ConnectionInfo | undefined,
): string {
  const low = track.streamLowQualityUrl;
  if (low && (behavior === 'lowQualityOnly' || (behavior === 'fluentFirst' && isSlowConnection(connection))))
    return low;
  return track.mediaStreamUrl;
}

/** The cover to show for a track (the smallest one that exists for small places), as WebP. */
export function coverOf(track: QueueTrack | undefined, size: 'small' | 'large'): string {
  if (!track) return '';
  const order =
    size === 'small'
      ? [track.thumbnailCoverUrl, track.samCoverUrl, track.mainCoverUrl]
      : [track.mainCoverUrl, track.samCoverUrl, track.thumbnailCoverUrl];
  return webpCover(order.find((u) => u) ?? '');
}
