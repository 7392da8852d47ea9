/**
 * Vite plugin: after a production build, writes a Brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside each text asset it emitted and beside index.html, so the server sends
 * compressed bytes without compressing on each request (@fastify/static `preCompressed`). A copy
 * that would not be smaller than the file is not written (and an older copy of that name is
 * removed); files of older builds kept in the folder are left as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Smaller than this, headers cost more than compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes the copies of `file`, and removes those it does not get: a copy left by an earlier build
 * of the same name (index.html) would be sent in place of the new file.
 */
async function writeCompressed(file: string): Promise<void> {
  const data = await fs.promises.readFile(file);
  const write = async (suffix: string, copy: Buffer | null) => {
    if (copy && copy.length < data.length) await fs.promises.writeFile(`${file}${suffix}`, copy);
    else await fs.promises.rm(`${file}${suffix}`, { force: true });
  };
  if (data.length < MIN_BYTES) {
    await Promise.all([write('.br', null), write('.gz', null)]);
    return;
  }
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  await Promise.all([write('.br', br), write('.gz', gz)]);
}

export function precompress(): Plugin {
  return {
    name: 'sasayaki-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const names = [...Object.keys(bundle), 'index.html'].filter((n) => COMPRESSIBLE.test(n));
      await Promise.all(
        [...new Set(names)]
          .map((n) => path.join(dir, n))
          .filter((f) => fs.existsSync(f))
          .map(writeCompressed),
      );
    },
  };
}
