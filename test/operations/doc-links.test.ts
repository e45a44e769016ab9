import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** README.md and every Markdown file under docs/. */
function documents(): string[] {
  const found = [path.join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) found.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return found;
}

describe('the README and docs', () => {
  it('link only to files inside the repository, and every such link resolves', () => {
    const broken: string[] = [];
    for (const file of documents()) {
      const text = readFileSync(file, 'utf8');
      const name = path.relative(root, file);
      if (text.includes('../shared/')) broken.push(`${name}: names ../shared/, outside the repository`);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const resolved = path.resolve(path.dirname(file), decodeURIComponent(target!.split('#')[0]!));
        if (!resolved.startsWith(root + path.sep)) broken.push(`${name}: ${target} leaves the repository`);
        else if (!existsSync(resolved)) broken.push(`${name}: ${target} does not exist`);
      }
    }
    expect(broken).toEqual([]);
  });
});
