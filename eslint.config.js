import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

const vendors = ['twilio', 'telnyx', 'plivo', 'vonage', 'ari', 'simulator'];

/**
 * The walls between folders (docs/architecture.md), checked on resolved paths so that a spelling of the import
 * cannot slip past them. `from` is what the `target` files may not import; `except` lists what stays reachable.
 * Packages (node_modules) are left to the per-folder `no-restricted-imports` lists below, and type-only imports of
 * activities to the workflows' list, since this rule cannot tell a type import from a value import.
 */
const walls = [
  {
    target: './workflows',
    from: '.',
    except: ['./workflows', './domain', './activities', './node_modules'],
    message:
      'Workflows reach only domain/, their own folder and activity types (import type from activities/).',
  },
  {
    // Type imports too: client/ is the engine's one face towards HTTP, so the workflow message types the routes need
    // are re-exported there and api/ never names a workflows/ path.
    target: './api',
    from: ['./workflows', './activities', './engine', './worker'],
    message: 'api/ reaches the engine only through client/.',
  },
  {
    target: './activities',
    from: './api',
    message: 'Activities never reach api/.',
  },
  {
    // The pure core: the rules every layer shares, safe in the workflow sandbox and free of I/O.
    target: './domain',
    from: '.',
    except: ['./domain', './node_modules'],
    message: 'domain/ is the pure core: it imports only itself and small pure libraries.',
  },
  {
    target: './db',
    from: '.',
    except: ['./db', './domain', './node_modules'],
    message: 'db/ depends on nothing above it: only domain/ and its own libraries.',
  },
  {
    // The dashboard is a browser app: it reaches the service over HTTP through its typed client, never by import.
    target: './dashboard/src',
    from: '.',
    except: ['./dashboard/src', './node_modules'],
    message: 'dashboard/src imports only itself and packages; it talks to the API over HTTP.',
  },
  {
    // Tests and benchmarks build the app to drive it from outside; nothing else does.
    target: [`${root}/!(api|test|bench)/**`, `${root}/*.ts`],
    from: './api',
    message: 'Nothing outside api/ imports api/.',
  },
  ...vendors.map((vendor) => ({
    // The same vendor's folder, providers/ shared files (the registry) and tests may import it; nothing else.
    target: [`${root}/!(providers|test)/**`, `${root}/*.ts`, `${root}/providers/!(${vendor})/**/*`],
    from: `./providers/${vendor}`,
    message: `Reach ${vendor} only through providers/registry.ts.`,
  })),
];

/** Bare specifiers a folder may import, as a regex for `no-restricted-imports` (relative paths are left to `walls`). */
const onlyPackages = (allowed) => ({
  regex: `^(?![./])(?!(${allowed.map((name) => name.replace('*', '.*')).join('|')})(/|$))`,
  message: `The only packages allowed here: ${allowed.join(', ')}.`,
});

export default tseslint.config(
  { ignores: ['node_modules', '.data', '.tools', 'coverage', 'test/architecture/fixtures', 'dashboard/dist', 'dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
      // no-cycle parses the files an import leads to, and only those with these extensions.
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: walls }],
      // Type-only imports are erased at build time, so only value imports can close a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O libraries, only pure ones.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyPackages(['@temporalio/workflow', '@temporalio/common', 'luxon', 'libphonenumber-js']),
            {
              regex: '^(\\.\\./)+activities(/|$)',
              allowTypeImports: true,
              message: 'Import activities as types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Clients start workflows by name through the workflow function's type; a value import would pull workflow code
    // (and its sandbox-only settings) into the API process. Messages and search attributes are values they need.
    files: ['client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+workflows(/index|/[^/]*-workflow)?$',
              allowTypeImports: true,
              message:
                'Import workflow functions as types only (client.workflow.start<typeof fn>): workers bundle them by path.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyPackages(['luxon', 'libphonenumber-js'])] }],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [onlyPackages(['kysely', 'pg', 'pg-copy-streams', 'node:*'])] },
      ],
    },
  },
  {
    // Migrations are frozen and typed against `Kysely<any>`, as Kysely's docs prescribe.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
