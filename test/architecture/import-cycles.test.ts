import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No two modules of the project import each other, even through types only. ESLint's `import-x/no-cycle`
 * (lint-walls.test.ts) refuses cycles of values; a cycle of `import type` runs fine but still ties two modules into
 * one idea, so this test walks every relative import and re-export, types included, and finds the strongly connected
 * parts of the graph (Tarjan). Dynamic `import()` is left out: it is how a module loads another lazily, on purpose.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.data', '.tools', 'fixtures']);
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/g;

function modulesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...modulesUnder(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** The relative specifiers a module imports or re-exports from, types included. */
const specifiersOf = (source: string): string[] => [...source.matchAll(IMPORT)].map((match) => match[1]!);

/** Each module → the project modules it imports (relative specifiers resolved as TypeScript does). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, specifier: string) => {
    const base = path.resolve(path.dirname(from), specifier);
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
      (candidate) => known.has(candidate) && existsSync(candidate),
    );
  };
  return new Map(
    files.map((file) => {
      const specifiers = specifiersOf(readFileSync(file, 'utf8'));
      return [file, specifiers.map((specifier) => resolve(file, specifier)).filter((to) => to !== undefined)];
    }),
  );
}

/** The groups of two or more modules that reach each other (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(path.relative(root, member));
      if (member === node) break;
    }
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('import cycles, types included', () => {
  it('finds none among the modules of the project and its tests', () => {
    const files = modulesUnder(root);
    expect(files.length).toBeGreaterThan(500);
    expect(cycles(importGraph(files))).toEqual([]);
  });

  it('finds the fixture pair that imports each other', () => {
    const fixtures = path.join(root, 'test', 'architecture', 'fixtures', 'cycle');
    const pair = readdirSync(fixtures).map((name) => path.join(fixtures, name));
    expect(cycles(importGraph(pair))).toEqual([
      ['test/architecture/fixtures/cycle/ping.ts', 'test/architecture/fixtures/cycle/pong.ts'],
    ]);
  });

  it('reads type imports and re-exports as imports, and leaves dynamic imports out', () => {
    const source = [
      "import type { Compaction } from './compaction';",
      "import { a, type B } from '../b';",
      "export type { C } from './c';",
      "export * from './d';",
      "import './side-effect';",
      "import {\n  e,\n  f,\n} from './ef';",
      "const lazy = await import('./lazy');",
      "import { readFile } from 'node:fs';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./compaction', '../b', './c', './d', './side-effect', './ef']);
  });
});
