// The repository's ESLint configuration. It lives in its own workspace because typescript-eslint
// reads the classic TypeScript compiler API, which TypeScript 7 (the repository's compiler) no longer
// ships: this workspace pins `typescript` to the 6.0 API for the linter alone.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noModuleCycle } from './module-cycles.js';
import { moduleRepoRead, moduleRepoReads } from './module-repo-reads.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = 'apps/server/src';

// The server's import direction, top to bottom: a layer may import only the layers below it.
const serverLayers = [
  { name: 'main', paths: ['main.ts', 'serve.ts', 'seed.ts', 'migrate.ts'] },
  { name: 'app', paths: ['app.ts', 'config.ts'] },
  { name: 'channels', paths: ['channels'] },
  { name: 'modules', paths: ['modules'] },
  { name: 'platform', paths: ['platform'] },
  { name: 'db', paths: ['db'] },
];

const serverPaths = (layers) => layers.flatMap((layer) => layer.paths.map((path) => `${server}/${path}`));

const layerZones = serverLayers.slice(1).map((layer, index) => {
  const above = serverLayers.slice(0, index + 1);
  return {
    target: serverPaths([layer]),
    from: serverPaths(above),
    message: `${layer.name} must not import ${above.map((l) => l.name).join(', ')} (main -> app -> channels -> modules -> platform -> db -> shared).`,
  };
});

const drizzleOutsideRepos =
  'Queries live in *.repo.ts files and db/: call a repo instead of using Drizzle or the database driver here.';

const queriesOnlyThroughRepos = {
  paths: ['drizzle-orm', 'pg', '@electric-sql/pglite'].map((name) => ({ name, message: drizzleOutsideRepos })),
  patterns: [
    { group: ['drizzle-orm/*', '@electric-sql/pglite/*'], message: drizzleOutsideRepos },
    {
      // The client and schema may be named for their types (a transaction handle, a row type).
      regex: '/db/(client|schema)(/[^/]+)?(\\.ts)?$',
      allowTypeImports: true,
      message: drizzleOutsideRepos,
    },
  ],
};

// A .rules.ts decides and a .view.ts shapes: both take values and return values. Row types may be
// named; anything that reads or writes (a repo, the database handle, a step, a service, a job, the
// clock, realtime, an outbound client) may not be imported.
const pureRole = 'A .rules.ts or .view.ts file is pure: give it the values it needs instead of importing what reads or writes them.';
const pureRoleImports = {
  paths: queriesOnlyThroughRepos.paths,
  patterns: [
    queriesOnlyThroughRepos.patterns[0],
    { regex: '(\\.repo|/db/schema)(\\.ts)?$', allowTypeImports: true, message: pureRole },
    { regex: '/db/(?!schema(\\.ts)?$)', message: pureRole },
    { regex: '\\.(steps|service|jobs|client)(\\.ts)?$', message: pureRole },
    { regex: '/platform/(jobs/|realtime|redis|outbound-http|clock|events|storage-s3)', message: pureRole },
    { regex: '/channels/', message: pureRole },
  ],
};

// The web's layers: the app shell composes features; a feature uses lib/ and components/ but never the
// shell; lib/ (session, realtime, API client) and components/ know no feature.
const web = 'apps/web/src';
const webLayerZones = [
  { target: `${web}/features`, from: `${web}/app`, message: 'A feature must not import the app shell: move what it needs to lib/ or components/.' },
  { target: `${web}/components`, from: [`${web}/features`, `${web}/app`], message: 'A shared component knows no feature and no app shell.' },
  { target: `${web}/lib`, from: [`${web}/features`, `${web}/app`, `${web}/components`], message: 'lib/ is plumbing: it knows no screen, feature or app shell.' },
];

// Type-aware rules (no-floating-promises) are left out: with them a run took four times as long
// (8 s -> 33 s) and found only react-router navigate() calls.
export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'data/', 'test-results/', 'e2e/screenshots/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // the code drops fields by destructuring them into names starting with _
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'tools/**', 'e2e/**', 'bench/**', 'apps/server/**', 'apps/web/scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...layerZones,
            { target: 'packages/shared', from: 'apps', message: 'Shared code must not import an app.' },
            { target: 'apps/web', from: 'apps/server', message: 'The web talks to the server over HTTP only.' },
            { target: 'apps/server/src', from: 'apps/web', message: 'The server must not import the web app.' },
            // the serving tests build their fixture with the web build's own precompression script
            { target: 'apps/server/test', from: 'apps/web', except: ['./scripts'], message: 'The server must not import the web app.' },
            ...webLayerZones,
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/**/*.ts`],
    // the process entry opens the database and seeds it; everything else reaches it through repos
    ignores: [`${server}/**/*.repo.ts`, `${server}/db/**`, ...serverPaths([serverLayers[0]])],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', queriesOnlyThroughRepos],
    },
  },
  {
    files: [`${server}/**/*.rules.ts`, `${server}/**/*.view.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', pureRoleImports],
    },
  },
  {
    // file-level cycles anywhere in the server (the web is left out: there the check doubled the time)
    files: [`${server}/**/*.ts`],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${server}/modules/**/*.ts`],
    plugins: { atende: { rules: { 'no-module-cycle': noModuleCycle, 'module-repo-read': moduleRepoRead } } },
    rules: {
      'atende/no-module-cycle': ['error', { modulesDir: `${root}${server}/modules` }],
      'atende/module-repo-read': ['error', { modulesDir: `${root}${server}/modules`, reads: moduleRepoReads }],
    },
  },
  {
    files: [`${web}/features/**/*.{ts,tsx}`],
    plugins: { atende: { rules: { 'no-module-cycle': noModuleCycle } } },
    rules: {
      'atende/no-module-cycle': ['error', { modulesDir: `${root}${web}/features` }],
    },
  },
);
