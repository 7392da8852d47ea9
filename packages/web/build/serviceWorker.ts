/**
 * Vite plugin: writes /sw.js (src/serviceWorker/sw.ts, types stripped) at the end of a production
 * build, with this build's files to cache at install — index.html, the manifest, the icons and every
 * emitted script, style and font, not the compressed copies — and a version made of their names, so
 * a new build installs a new worker and drops the old shell cache. Nothing is written in dev.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Plugin, transformWithOxc } from 'vite';

const SOURCE = path.resolve(import.meta.dirname, '../src/serviceWorker/sw.ts');
const SHELL = /\.(js|css|woff2?|svg|png|webmanifest)$/;

/** The public files (manifest, icons) the shell caches too. */
function publicFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? publicFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
        : SHELL.test(e.name) && e.name !== 'sw.js'
          ? [`${prefix}${e.name}`]
          : [],
    );
}

export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'sasayaki-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle: {
      // After Vite's own HTML step, which drops an entry chunk left empty (without the module
      // preload polyfill the entry only imports the shell): listed, it answered 404 and the
      // worker's install failed.
      order: 'post',
      async handler(_options, bundle) {
        const emitted = Object.keys(bundle).filter((name) => SHELL.test(name));
        const files = ['/index.html', ...[...publicFiles(publicDir), ...emitted].sort().map((f) => `/${f}`)];
        const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
        const source = fs.readFileSync(SOURCE, 'utf8');
        const { code } = await transformWithOxc(source, SOURCE, { lang: 'ts' });
        const body = code.replace(/^export\s*\{\s*\};?\s*$/m, '');
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source: `const SHELL_FILES = ${JSON.stringify(files)};\nconst SHELL_VERSION = ${JSON.stringify(version)};\n${body}`,
        });
      },
    },
  };
}
