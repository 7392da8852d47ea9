/**
 * Export of every imported subtitle as one zip: each archive's files under a folder named after
 * it, paths as imported. Stored without compression (subtitles are small, and speed matters more);
 * importing the export elsewhere gives the same matches.
 */
import { zipSync } from 'fflate';
import { subtitleDb } from './db.ts';
import { exportRows } from './repository.ts';

export async function exportAllSubtitles(): Promise<number> {
  const files: Record<string, Uint8Array> = {};
  let count = 0;
  for (const { pkg, files: ofPackage } of await exportRows(subtitleDb())) {
    const folder = `${pkg.id}-${pkg.file_name.replace(/[\\/]/g, '_')}`;
    for (const f of ofPackage) {
      files[`${folder}/${f.path}`] = f.content;
      count++;
    }
  }
  const zip = zipSync(files, { level: 0 });
  const url = URL.createObjectURL(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `sasayaki-subtitles-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return count;
}
