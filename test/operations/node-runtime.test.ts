import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * One supported Node.js LTS everywhere: `.node-version` pins it, the image runs it, `engines` admits it, and the
 * scripts (scripts/lib/node-runtime.sh, sourced by start.sh, test.sh and .ci/run) install and use it when the
 * machine's `node` is older. The script is run for real: the pinned release comes from the tools cache (installed
 * from the npm registry on first use, as the scripts do).
 */
const root = path.resolve(import.meta.dirname, '../..');
const pinned = readFileSync(path.join(root, '.node-version'), 'utf8').trim();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'vac-node-runtime-'));
// A `node` that reports Node 20 to the version check and runs everything else (npm included) on the real one.
const oldNodeBin = path.join(scratch, 'old-node');
mkdirSync(oldNodeBin);
writeFileSync(
  path.join(oldNodeBin, 'node'),
  `#!/bin/sh\nif [ "$1" = "-e" ]; then exit 1; fi\nexec "${process.execPath}" "$@"\n`,
);
chmodSync(path.join(oldNodeBin, 'node'), 0o755);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `use_supported_node` with `firstOnPath` first on PATH, then prints the node it chose and its version. */
function chooseNode(firstOnPath: string): { version: string; nodePath: string } {
  const output = execFileSync(
    'bash',
    [
      '-c',
      'source scripts/lib/node-runtime.sh && use_supported_node >&2 && command -v node && node --version',
    ],
    {
      cwd: root,
      env: { ...process.env, PATH: `${firstOnPath}:${process.env.PATH}` },
      encoding: 'utf8',
      timeout: 170_000,
    },
  );
  const [nodePath, version] = output.trim().split('\n');
  return { nodePath: nodePath!, version: version! };
}

describe('the Node.js runtime', () => {
  it('pins one LTS release that the image runs and engines admits', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const [major] = pinned.split('.').map(Number);
    expect(major! % 2, 'an LTS line has an even major version').toBe(0);
    expect(major).toBeGreaterThanOrEqual(22);

    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${pinned.replaceAll('.', '\\.')}-bookworm-slim$`, 'm'),
    );

    const engines = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    const minimum = /^>=(\d+)\.(\d+)$/.exec(engines);
    expect(minimum, `engines.node is a plain minimum: ${engines}`).not.toBeNull();
    expect(Number(minimum![1])).toBe(major);
    expect(Number(pinned.split('.')[1])).toBeGreaterThanOrEqual(Number(minimum![2]));
  });

  it('installs and uses the pinned release when the machine has an older node', () => {
    const chosen = chooseNode(oldNodeBin);
    expect(chosen.version).toBe(`v${pinned}`);
    expect(chosen.nodePath).toMatch(new RegExp(`/node-${pinned.replaceAll('.', '\\.')}/bin/node$`));
  }, 180_000);

  it('keeps a machine node that is already a supported LTS', () => {
    const pinnedBin = path.dirname(chooseNode(oldNodeBin).nodePath);
    const chosen = chooseNode(pinnedBin);
    expect(chosen.nodePath).toBe(path.join(pinnedBin, 'node'));
    expect(chosen.version).toBe(`v${pinned}`);
  }, 180_000);
});
