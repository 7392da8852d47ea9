/**
 * The checked-in SQL of the repositories (packages/server/queries/) is what the repository
 * functions send today, on both dialects.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderQueries } from '../../src/repositories/renderQueries.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../queries');
const STALE = 'the repository SQL changed: run `npm run queries` and commit packages/server/queries/';

describe('rendered repository queries', () => {
  it('match the checked-in files of packages/server/queries', async () => {
    const rendered = await renderQueries();
    const onDisk = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(onDisk.sort(), STALE).toEqual([...rendered.keys()].sort());
    for (const [name, text] of rendered) {
      expect(fs.readFileSync(path.join(dir, name), 'utf8'), `${name}: ${STALE}`).toBe(text);
    }
  });

  it('render every repository query on PostgreSQL (SQLite skips the row locks)', async () => {
    const rendered = await renderQueries();
    for (const [name, text] of rendered) {
      if (!name.endsWith('.postgres.sql')) continue;
      expect(text, name).not.toContain('-- (no query)');
      expect(text, name).not.toMatch(/ = \?/);
    }
  });
});
