/**
 * "Download the folder" and "download all" (docs/product.md §2.6, §2.7): one ZIP made by the server
 * (`GET /api/media/download-zip/{workId}?path=`), which keeps the folders, so files of the same
 * name in two folders (mp3/ and wav/) no longer overwrite each other.
 */
import type { Work } from '@sasayaki/contract';
import { urlOf } from '../../shared/api/client.ts';
import { startDownload } from '../downloads/index.ts';

/** The archive's URL and file name for a folder of the work (`[]`: every file). */
export function zipOf(work: Pick<Work, 'id' | 'source_id'>, folder: string[]): { url: string; name: string } {
  const path = folder.join('/');
  const url = urlOf('GET /api/media/download-zip/:workId', {
    params: { workId: String(work.id) },
    query: path ? { path } : undefined,
  });
  const leaf = folder[folder.length - 1];
  return { url, name: leaf ? `${work.source_id} ${leaf}.zip` : `${work.source_id}.zip` };
}

export function downloadZip(work: Pick<Work, 'id' | 'source_id'>, folder: string[]): Promise<void> {
  const { url, name } = zipOf(work, folder);
  return startDownload(url, name);
}
