import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Queries live in `db/` (docs/architecture.md): everything else calls a repository function. This walks the
 * application's modules outside `db/` and finds any that builds a query (Kysely's builders or its `sql` template).
 * Tests, benchmarks and the frozen migrations build their own, on purpose.
 */

const root = path.resolve(import.meta.dirname, '../..');
/** Folders that may build queries (or hold no application code). */
const OUTSIDE = new Set(['db', 'migrations', 'test', 'bench', 'dashboard', 'node_modules', 'dist', 'docs']);
/**
 * The one module outside `db/` allowed its own queries: the simulator's record of the calls it was asked to place
 * stands for a vendor's cloud, whose store is its own, not the service's.
 */
const ALLOWED = new Set(['simulator/calls.ts']);
const QUERY = /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`/;

function applicationModules(folder: string, relative = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || (relative === '' && OUTSIDE.has(entry.name))) continue;
    const full = path.join(folder, entry.name);
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) found.push(...applicationModules(full, name));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(name);
  }
  return found;
}

/** The lines of `source` that build a query, as `line: text`. */
const queryLines = (source: string): string[] =>
  source
    .split('\n')
    .map((line, index) => [index + 1, line] as const)
    .filter(([, line]) => QUERY.test(line))
    .map(([number, line]) => `${number}: ${line.trim()}`);

describe('queries live in db/', () => {
  it('finds no query built outside db/ in the application', () => {
    const modules = applicationModules(root);
    expect(modules.length).toBeGreaterThan(300);
    const found: Record<string, string[]> = {};
    for (const module of modules) {
      if (ALLOWED.has(module)) continue;
      const lines = queryLines(readFileSync(path.join(root, module), 'utf8'));
      if (lines.length > 0) found[module] = lines;
    }
    expect(found).toEqual({});
  });

  it("recognises Kysely's builders and the sql template, and not their names in words", () => {
    expect(queryLines("const rows = await db.selectFrom('tools').selectAll().execute();")).toHaveLength(1);
    expect(queryLines('  .updateTable(table)')).toHaveLength(1);
    expect(queryLines('ends_at: sql<Date>`now()`,')).toHaveLength(1);
    expect(queryLines('await sql`analyze`.execute(db);')).toHaveLength(1);
    expect(
      queryLines('// selectFrom and sql are Kysely names; a comment naming them builds nothing'),
    ).toEqual([]);
  });
});
