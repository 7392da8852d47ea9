/**
 * The READMEs beside the code name their files truthfully: in every README under a package's
 * `src/` with a file table (a table whose first column is headed `file`), each file or folder the
 * table names exists, and each source file of the README's folder is named in it. Tests are not
 * required in the table (they are named in the prose).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../../../..');
const PACKAGES = path.join(ROOT, 'packages');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test\.tsx?$/;

function readmesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : readmesUnder(abs);
    return e.name === 'README.md' ? [abs] : [];
  });
}

/** The backticked names in the first column of the file tables, or null without a file table. */
export function tableNames(markdown: string): string[] | null {
  let inTable = false;
  let found = false;
  const names: string[] = [];
  for (const line of markdown.split('\n')) {
    const cells = line.trim().startsWith('|') ? line.split('|').slice(1, -1) : null;
    if (!cells) {
      inTable = false;
      continue;
    }
    const first = cells[0]?.trim() ?? '';
    if (/^file$/i.test(first)) {
      inTable = found = true;
      continue;
    }
    if (!inTable || /^-+$/.test(first)) continue;
    for (const m of first.matchAll(/`([^`]+)`/g)) names.push(m[1] as string);
  }
  return found ? names : null;
}

/** Whether a name of the table (a file, `folder/`, or `folder/*.ts`) matches something on disk. */
function exists(dir: string, name: string): boolean {
  const star = name.indexOf('*');
  if (star < 0) return fs.existsSync(path.join(dir, name));
  const folder = path.join(dir, path.dirname(name));
  const suffix = path.basename(name).replace(/^\*/, '');
  return fs.existsSync(folder) && fs.readdirSync(folder).some((f) => f.endsWith(suffix));
}

/** The README's folder's own source files (not tests), by name. */
function sourceFilesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !TEST.test(e.name))
    .map((e) => e.name);
}

const readmes = fs
  .readdirSync(PACKAGES)
  .map((p) => path.join(PACKAGES, p, 'src'))
  .filter((src) => fs.existsSync(src))
  .flatMap(readmesUnder)
  .map((file) => ({ file, rel: path.relative(ROOT, file), names: tableNames(fs.readFileSync(file, 'utf8')) }))
  .filter((r): r is typeof r & { names: string[] } => r.names !== null);

describe('the README file tables', () => {
  it('are found in the server and the web app', () => {
    const rels = readmes.map((r) => r.rel);
    expect(rels).toContain('packages/server/src/scanner/README.md');
    expect(rels).toContain('packages/web/src/features/player/README.md');
    expect(rels.length).toBeGreaterThanOrEqual(4);
  });

  it('reads the names of a table and only of its first column', () => {
    const md = [
      'text `notAFile.ts`',
      '| file | role |',
      '|---|---|',
      '| `a.ts`, `b.tsx` | uses `c.ts` |',
      '| `sub/` | a folder |',
      '',
      '| other | table |',
      '| `d.ts` | x |',
    ].join('\n');
    expect(tableNames(md)).toEqual(['a.ts', 'b.tsx', 'sub/']);
    expect(tableNames('no table here')).toBeNull();
  });

  describe.each(readmes)('$rel', ({ file, names }) => {
    const dir = path.dirname(file);

    it('names only files and folders that exist', () => {
      expect(names.filter((n) => !exists(dir, n))).toEqual([]);
    });

    it('names every source file of its folder', () => {
      const named = new Set(names);
      expect(sourceFilesOf(dir).filter((f) => !named.has(f))).toEqual([]);
    });
  });
});
