/** The block `sasayaki start` and `serve` print once listening: where to go and what is served. */
import type { LibraryRoot } from '@sasayaki/contract';

export interface BannerFacts {
  url: string;
  roots: readonly LibraryRoot[];
  /** No administrator exists yet (first run). */
  needsAdministrator: boolean;
}

const SOURCE = { environment: 'SASAYAKI_LIBRARY', console: 'console', demo: 'demo library' } as const;

export function startBanner({ url, roots, needsAdministrator }: BannerFacts): string {
  const works = roots.reduce((n, r) => n + r.works, 0);
  const rule = '─'.repeat(64);
  const lines = [rule, `  Sasayaki is listening on ${url}`, ''];
  if (roots.length === 0) lines.push('  Library:  none yet: add a folder in the console (/admin/libraries)');
  for (const [i, r] of roots.entries()) {
    const label = i === 0 ? '  Library:  ' : '            ';
    const state = r.available ? `${r.works} works` : 'cannot be read';
    lines.push(`${label}${r.path}  (${SOURCE[r.source]}, ${state})`);
  }
  lines.push(`  Works:    ${works}`);
  if (needsAdministrator) {
    lines.push('', `  No administrator yet: open ${url} to create the administrator.`);
  }
  lines.push(rule);
  return lines.join('\n');
}
