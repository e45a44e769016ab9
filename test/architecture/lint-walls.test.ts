import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The walls of eslint.config.js, shown refusing a wrong import and letting the right one through. Each probe is linted
// by the project's own configuration as if it were a module of the folder under test, so removing or loosening a wall
// makes its case fail here.

const root = path.resolve(import.meta.dirname, '../..');
// The probes are files that do not exist, so they are linted without type information, which only files of the
// TypeScript project have and which no wall needs. `ignore: false` lints the cycle fixtures, left out of `npm run lint`.
const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig: tseslint.configs.disableTypeChecked });
const wallRules = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'import-x/no-cycle']);

/** The modules that live in `folder` today, by name, so the cases follow the tree as files move. */
function modulesIn(folder: string): string[] {
  const names = readdirSync(path.join(root, folder)).filter(
    (entry) => entry.endsWith('.ts') && !entry.endsWith('.test.ts'),
  );
  if (names.length === 0) throw new Error(`${folder}/ holds no module to probe with`);
  return names.sort().map((name) => path.join(folder, name));
}

/** The first module of `folder`, as an import target. */
const moduleIn = (folder: string): string => modulesIn(folder)[0] as string;

/** The import specifier that leads from a module of `fromFolder` to `toModule`, as the project writes it. */
function specifier(fromFolder: string, toModule: string): string {
  const relative = path.relative(fromFolder, toModule.replace(/\.ts$/, ''));
  return relative.startsWith('.') ? relative : `./${relative}`;
}

interface WallMessage {
  rule: string | null;
  message: string;
}

/** Lints `code` as a new module of `folder` and returns what the walls said (and any parse failure). */
async function lintAs(folder: string, code: string): Promise<WallMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, folder, 'lint-wall-probe.ts') });
  return (result?.messages ?? [])
    .filter((message: Linter.LintMessage) => message.fatal || wallRules.has(message.ruleId ?? ''))
    .map((message) => ({ rule: message.ruleId, message: message.message }));
}

/** Lints an import of `target` (a module path or a package) from a new module of `folder`. */
function importFrom(
  folder: string,
  target: string,
  kind: 'value' | 'type' = 'value',
): Promise<WallMessage[]> {
  const source = target.endsWith('.ts') ? specifier(folder, target) : target;
  const binding = kind === 'type' ? 'type * as probe' : '* as probe';
  return lintAs(folder, `import ${binding} from '${source}';\n\nexport type Probe = typeof probe;\n`);
}

const refusal = (rule: string, message: string) => [
  expect.objectContaining({ rule, message: expect.stringContaining(message) }),
];

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';
const vendors = ['twilio', 'telnyx', 'plivo', 'vonage', 'ari', 'simulator'];

describe('the lint walls', () => {
  describe('workflows reach only domain/, their own folder, activity types and pure libraries', () => {
    it('refuses a workflow that imports the database layer', async () => {
      expect(await importFrom('workflows', moduleIn('db'))).toEqual(
        refusal(PATHS, 'Workflows reach only domain/'),
      );
    });

    it('refuses a workflow that imports activities as values', async () => {
      expect(await importFrom('workflows', moduleIn('activities'))).toEqual(
        refusal(IMPORTS, 'Import activities as types only'),
      );
    });

    it('refuses a workflow that imports a Node built-in or an I/O library', async () => {
      expect(await importFrom('workflows', 'node:fs')).toEqual(
        refusal(IMPORTS, 'The only packages allowed here'),
      );
      expect(await importFrom('workflows', 'pg')).toEqual(refusal(IMPORTS, 'The only packages allowed here'));
    });

    it('lets a workflow import the pure core, its own folder, activity types and the workflow SDK', async () => {
      expect(await importFrom('workflows', moduleIn('domain'))).toEqual([]);
      expect(await importFrom('workflows', path.join('workflows', 'index.ts'))).toEqual([]);
      expect(await importFrom('workflows', moduleIn('activities'), 'type')).toEqual([]);
      expect(await importFrom('workflows', '@temporalio/workflow')).toEqual([]);
      expect(await importFrom('workflows', 'luxon')).toEqual([]);
    });
  });

  describe('client/ starts workflows through their types', () => {
    it('refuses a client that imports a workflow function as a value', async () => {
      for (const workflow of ['campaign-workflow.ts', 'one-off-call-workflow.ts', 'index.ts'])
        expect(await importFrom('client', path.join('workflows', workflow))).toEqual(
          refusal(IMPORTS, 'Import workflow functions as types only'),
        );
    });

    it('lets a client import workflow types, messages and search attributes', async () => {
      expect(await importFrom('client', path.join('workflows', 'campaign-workflow.ts'), 'type')).toEqual([]);
      expect(await importFrom('client', path.join('workflows', 'campaign-messages.ts'))).toEqual([]);
      expect(await importFrom('client', path.join('workflows', 'campaign-search-attributes.ts'))).toEqual([]);
    });
  });

  describe('api/ reaches the engine only through client/', () => {
    it.each(['workflows', 'activities', 'engine', 'worker'])(
      'refuses a route that imports %s/, even for types',
      async (folder) => {
        const refused = refusal(PATHS, 'api/ reaches the engine only through client/');
        expect(await importFrom('api', moduleIn(folder))).toEqual(refused);
        expect(await importFrom('api', moduleIn(folder), 'type')).toEqual(refused);
      },
    );

    it('lets a route import client/', async () => {
      expect(await importFrom('api', moduleIn('client'))).toEqual([]);
    });
  });

  describe('activities never reach api/', () => {
    it('refuses an activity that imports api/', async () => {
      expect(await importFrom('activities', path.join('api', 'app.ts'))).toEqual(
        expect.arrayContaining(refusal(PATHS, 'Activities never reach api/')),
      );
    });

    it('lets an activity import the database layer', async () => {
      expect(await importFrom('activities', moduleIn('db'))).toEqual([]);
    });
  });

  describe('domain/ imports only itself and small pure libraries', () => {
    it('refuses a pure rule that imports the database layer or the configuration', async () => {
      const refused = refusal(PATHS, 'domain/ is the pure core');
      expect(await importFrom('domain', moduleIn('db'))).toEqual(refused);
      expect(await importFrom('domain', moduleIn('config'))).toEqual(refused);
    });

    it('refuses a Node built-in or an I/O library', async () => {
      expect(await importFrom('domain', 'node:fs')).toEqual(
        refusal(IMPORTS, 'The only packages allowed here'),
      );
      expect(await importFrom('domain', 'pino')).toEqual(refusal(IMPORTS, 'The only packages allowed here'));
    });

    it('lets domain/ import itself, luxon and libphonenumber-js', async () => {
      expect(await importFrom('domain', modulesIn('domain').at(-1) as string)).toEqual([]);
      expect(await importFrom('domain', 'luxon')).toEqual([]);
      expect(await importFrom('domain', 'libphonenumber-js')).toEqual([]);
    });
  });

  describe('db/ depends only on the pure core and its own libraries', () => {
    it('refuses a repository that imports a folder above it', async () => {
      expect(await importFrom('db', moduleIn('config'))).toEqual(
        refusal(PATHS, 'db/ depends on nothing above it'),
      );
    });

    it('refuses a library that is not the database layer’s', async () => {
      expect(await importFrom('db', 'pino')).toEqual(refusal(IMPORTS, 'The only packages allowed here'));
    });

    it('lets db/ import domain/, itself, kysely and pg', async () => {
      expect(await importFrom('db', moduleIn('domain'))).toEqual([]);
      expect(await importFrom('db', path.join('db', 'database.ts'))).toEqual([]);
      expect(await importFrom('db', 'kysely')).toEqual([]);
      expect(await importFrom('db', 'pg')).toEqual([]);
    });
  });

  describe('nothing outside api/ imports api/', () => {
    it('refuses a module outside api/ that imports it', async () => {
      expect(await importFrom('config', path.join('api', 'errors.ts'))).toEqual(
        refusal(PATHS, 'Nothing outside api/ imports api/'),
      );
    });

    it('lets api/ import itself and tests build the app', async () => {
      expect(await importFrom('api', path.join('api', 'errors.ts'))).toEqual([]);
      expect(await importFrom(path.join('test', 'helpers'), path.join('api', 'app.ts'))).toEqual([]);
    });
  });

  describe('vendor folders are reached only through providers/registry.ts', () => {
    const adapterOf = (vendor: string) => path.join('providers', vendor, 'index.ts');

    it.each(vendors)('refuses a module outside providers/ that imports %s', async (vendor) => {
      const refused = refusal(PATHS, `Reach ${vendor} only through providers/registry.ts`);
      expect(await importFrom('activities', adapterOf(vendor))).toEqual(refused);
      expect(await importFrom('api', adapterOf(vendor))).toEqual(refused);
    });

    it('refuses one vendor that imports another', async () => {
      expect(await importFrom(path.join('providers', 'telnyx'), adapterOf('twilio'))).toEqual(
        refusal(PATHS, 'Reach twilio only through providers/registry.ts'),
      );
    });

    it('lets the registry, the vendor itself and tests import a vendor, and everyone import the registry', async () => {
      const twilioFolder = path.join('providers', 'twilio');
      expect(await importFrom('providers', adapterOf('twilio'))).toEqual([]);
      expect(await importFrom(twilioFolder, modulesIn(twilioFolder).at(-1) as string)).toEqual([]);
      expect(await importFrom(path.join('test', 'helpers'), adapterOf('twilio'))).toEqual([]);
      expect(await importFrom('activities', path.join('providers', 'registry.ts'))).toEqual([]);
    });
  });

  describe('no import cycles', () => {
    const fixtures = path.join(root, 'test', 'architecture', 'fixtures', 'cycle');

    it('refuses two modules that import each other', async () => {
      const results = await eslint.lintFiles([fixtures]);
      const cycles = results.map((result) => ({
        file: path.basename(result.filePath),
        rules: result.messages.map((message) => message.ruleId),
      }));
      expect(cycles).toEqual([
        { file: 'ping.ts', rules: ['import-x/no-cycle'] },
        { file: 'pong.ts', rules: ['import-x/no-cycle'] },
      ]);
    });

    it('counts no type-only import as a cycle, since it is erased before anything runs', async () => {
      const [result] = await eslint.lintText(
        "import type { pongs } from './pong';\n\nexport type Pongs = typeof pongs;\n",
        { filePath: path.join(fixtures, 'ping.ts') },
      );
      expect(result?.messages).toEqual([]);
    });
  });
});
