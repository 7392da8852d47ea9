/**
 * `npm run queries`: writes the SQL of every repository query, for SQLite and PostgreSQL, to
 * packages/server/queries/ (repositories/renderQueries.ts), so a change of a query shows in review.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderQueries } from '../packages/server/src/repositories/renderQueries.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/queries');
fs.mkdirSync(dir, { recursive: true });
const rendered = await renderQueries();
for (const old of fs.readdirSync(dir)) {
  if (old.endsWith('.sql') && !rendered.has(old)) fs.rmSync(path.join(dir, old));
}
for (const [name, text] of rendered) fs.writeFileSync(path.join(dir, name), text);
console.log(`${rendered.size} files in ${path.relative(process.cwd(), dir)}`);
