/**
 * No function of the server runs past 100 lines (docs/README.md, "Services, repositories and
 * mappers"): a longer one is split along its seams. The initial migration is the one exception:
 * it is the schema of the first release, written once and never changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../../src');
const MAX_LINES = 100;
const EXCEPTIONS = new Set([
  'db/migrations/001_initial.ts:initial',
  'db/migrations/001_initial.ts:initial.up',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(abs);
    return e.name.endsWith('.ts') ? [abs] : [];
  });
}

type Node = {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  [key: string]: unknown;
};

const FUNCTION =
  /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|ObjectMethod|ClassMethod|ClassPrivateMethod)$/;

/** `file:name` and line count of every function, method and arrow function. */
export function functionLengths(file: string): { name: string; lines: number }[] {
  const ast = parse(fs.readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript'] });
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  const out: { name: string; lines: number }[] = [];
  // `outer` is the name of the enclosing function, `own` the name the parent node gives this one.
  const visit = (node: Node, outer: string, own: string | undefined) => {
    let inside = outer;
    if (FUNCTION.test(node.type) && node.loc) {
      const name = nameOf(node) ?? own ?? `<line ${node.loc.start.line}>`;
      inside = outer ? `${outer}.${name}` : name;
      out.push({ name: `${rel}:${inside}`, lines: node.loc.end.line - node.loc.start.line + 1 });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || !value || typeof value !== 'object') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') {
          visit(child as Node, inside, nameOf(node) ?? own);
        }
      }
    }
  };
  visit(ast.program as unknown as Node, '', undefined);
  return out;
}

/** The name a function is known by: its own, its variable's, its property's or its method's. */
function nameOf(node: Node): string | undefined {
  for (const key of ['id', 'key']) {
    const id = node[key] as { type?: string; name?: string } | undefined;
    if (id?.type === 'Identifier' && id.name) return id.name;
  }
  if (node.type === 'VariableDeclarator' || node.type === 'ObjectProperty') {
    const id = (node.id ?? node.key) as { name?: string } | undefined;
    return id?.name;
  }
  return undefined;
}

describe('function length', () => {
  it(`keeps every server function within ${MAX_LINES} lines`, () => {
    const long = sourceFiles(SRC)
      .flatMap(functionLengths)
      .filter((f) => f.lines > MAX_LINES && !EXCEPTIONS.has(f.name));
    expect(long).toEqual([]);
  });

  it('measures what it claims: a long function is found', () => {
    const dir = fs.mkdtempSync(path.join(SRC, '..', '.length-'));
    const file = path.join(dir, 'long.ts');
    try {
      fs.writeFileSync(file, `export function long() {\n${'  void 0;\n'.repeat(MAX_LINES)}}\n`);
      expect(functionLengths(file)).toEqual([
        { name: expect.stringContaining(':long'), lines: MAX_LINES + 2 },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
