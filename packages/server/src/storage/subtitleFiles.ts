/**
 * The texts of community subtitles: `<dataDir>/subtitles/<id>.txt`, UTF-8, named by the row's
 * id only, so no name a contributor sent ever reaches a path. A file is written after its row
 * is inserted and before the transaction commits; a failed write rolls the row back.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';

const folderOf = (dataDir: string) => path.join(dataDir, 'subtitles');

/** The path of a contribution's text; `id` is a positive integer by type and by check. */
export function subtitlePath(dataDir: string, id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`bad subtitle id ${id}`);
  return path.join(folderOf(dataDir), `${id}.txt`);
}

export async function writeSubtitle(dataDir: string, id: number, text: string): Promise<void> {
  await fsp.mkdir(folderOf(dataDir), { recursive: true });
  const file = subtitlePath(dataDir, id);
  // Written whole to a temporary name, then renamed: a reader never sees half a file.
  const tmp = `${file}.tmp`;
  await fsp.writeFile(tmp, text, 'utf8');
  await fsp.rename(tmp, file);
}

/** The text, or null when the file is gone. */
export async function readSubtitle(dataDir: string, id: number): Promise<string | null> {
  try {
    return await fsp.readFile(subtitlePath(dataDir, id), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function removeSubtitle(dataDir: string, id: number): Promise<void> {
  await fsp.rm(subtitlePath(dataDir, id), { force: true });
}

/** Every stored text's id (for tests and the console's storage figure). */
export async function storedSubtitleIds(dataDir: string): Promise<number[]> {
  try {
    const names = await fsp.readdir(folderOf(dataDir));
    return names.filter((n) => /^\d+\.txt$/.test(n)).map((n) => Number.parseInt(n, 10));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
