/**
 * The library roots in effect (docs/console.md): those of SASAYAKI_LIBRARY (read-only in the
 * console; keys 0, 1, … by position), those added in the console (stored in `library_roots`; keys
 * from 1000), or, when there are neither, the demo library of the data folder (key 0, as before
 * there was a console). A root's key is what its works keep in `works.root_index`. Managing the
 * console's roots is services/libraryRoots.ts; the scanner and the app read the roots here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LibraryRoot } from '@sasayaki/contract';
import { type Config, paths } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { allLibraryRoots } from '../repositories/libraryRoots.ts';

export const FIRST_CONSOLE_ROOT_ID = 1000;

export interface EffectiveRoot {
  id: number;
  path: string;
  name: string;
  source: LibraryRoot['source'];
}

export const nameOf = (dir: string) => path.basename(dir) || dir;

export async function effectiveRoots(config: Config, db: Db): Promise<EffectiveRoot[]> {
  const env: EffectiveRoot[] = config.libraryRoots.map((dir, i) => ({
    id: i,
    path: dir,
    name: nameOf(dir),
    source: 'environment',
  }));
  const stored: EffectiveRoot[] = (await allLibraryRoots(db)).map((r) => ({
    id: r.id,
    path: r.path,
    name: r.name,
    source: 'console',
  }));
  if (env.length || stored.length) return [...env, ...stored];
  const demo = paths.demoLibrary(config);
  return fs.existsSync(demo) ? [{ id: 0, path: demo, name: nameOf(demo), source: 'demo' }] : [];
}
