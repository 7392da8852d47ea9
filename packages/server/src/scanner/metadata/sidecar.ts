/**
 * Sidecar metadata: a JSON file in the work folder — our own `work.json`, `RJ01234567.json` as
 * the downloaders save `/api/work/{id}`, or the store's product JSON saved by hand. Any text
 * encoding (UTF-8 with or without BOM, UTF-16, Shift_JIS …); the content goes through the
 * normaliser like every other source.
 */

import fs from 'node:fs/promises';
import type { ScanMetadataProblem } from '@sasayaki/contract/scan';
import { normalizeWork } from '../../metadata/normalize.ts';
import type { WorkMetadata } from '../../metadata/types.ts';
import { displayPath, type FsPath, joinFsPath } from '../../storage/byteNames.ts';
import { decodeText } from '../charset.ts';
import type { ScanIssue } from '../walk.ts';

/** Larger files are no metadata anyone wrote by hand or saved from an API. */
export const MAX_SIDECAR_BYTES = 16 * 1024 * 1024;

/** Sidecar candidates among the work's top-level file names, best first. */
export function sidecarNames(code: string, topLevelNames: string[]): string[] {
  const wanted = ['work.json', `${code.toLowerCase()}.json`];
  return wanted.flatMap((w) => topLevelNames.filter((n) => n.toLowerCase() === w));
}

/**
 * Metadata from a parsed sidecar; null when it is not a work object (no title). The store's
 * product API answers a list of one product: that list is read as its product.
 */
export function parseWorkObject(json: unknown): WorkMetadata | null {
  const one = Array.isArray(json) && json.length === 1 ? json[0] : json;
  return normalizeWork(one, 'sidecar');
}

export interface SidecarResult {
  metadata: WorkMetadata | null;
  /** A sidecar that exists but cannot be used, for the scan report. */
  problem?: ScanIssue;
}

export async function readSidecar(
  workAbs: FsPath,
  code: string,
  topLevelNames: string[],
  sizeOf: (name: string) => number,
): Promise<SidecarResult> {
  for (const name of sidecarNames(code, topLevelNames)) {
    const file = joinFsPath(workAbs, name);
    const unusable = (message: string, problem: ScanMetadataProblem): SidecarResult => ({
      metadata: null,
      problem: {
        path: displayPath(file),
        reason: 'metadata',
        message: `sidecar ${message}: next metadata source used`,
        params: { problem },
      },
    });
    if (sizeOf(name) > MAX_SIDECAR_BYTES)
      return unusable(`larger than ${MAX_SIDECAR_BYTES} bytes`, 'too-large');
    let json: unknown;
    try {
      json = JSON.parse(decodeText(await fs.readFile(file)));
    } catch (e) {
      return unusable(`unreadable (${(e as Error).message.slice(0, 200)})`, 'unreadable');
    }
    if (!json || typeof json !== 'object') return unusable('is not a JSON object', 'not-object');
    const meta = parseWorkObject(json);
    return meta ? { metadata: meta } : unusable('has no title', 'no-title');
  }
  return { metadata: null };
}
