/**
 * The contract builds its schemas from TypeBox's named builders (`import * as Type from
 * 'typebox/type'`), never from the package's default export. That default is a namespace object,
 * which a bundler has to keep whole: every builder, the codecs and the script engine went into the
 * web app's first load (the `fields` chunk was 17.0 KB Brotli, 12.0 KB with named builders).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('TypeBox imports', () => {
  it('take values only from typebox/type and its sibling entry points, types from anywhere', () => {
    const offenders = sources(SRC).filter((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        // A value import of the package root (`import type` lines are erased from the bundle).
        .some((line) => /^import (?!type )[^;]*from 'typebox';/.test(line)),
    );
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
