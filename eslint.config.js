import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/**
 * Module walls (issue 10 §1, docs/adr/0016): a module of apps/api/src/modules is used through its
 * face (`index.ts`) only. One zone per module: nothing outside it may import its inner files.
 */
const API_MODULES_DIR = 'apps/api/src/modules';
const apiModules = readdirSync(API_MODULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const moduleWalls = apiModules.map((name) => ({
  // Everything but the module itself: the other modules, the rest of the API, scripts, journeys, benchmarks.
  target: [
    ...apiModules.filter((other) => other !== name).map((other) => `./${API_MODULES_DIR}/${other}/**/*`),
    `./${API_MODULES_DIR}/*.ts`,
    './apps/api/src/!(modules)/**/*',
    './apps/api/src/*.ts',
    './scripts/**/*',
    './e2e/**/*',
    './bench/**/*',
  ],
  from: `./${API_MODULES_DIR}/${name}`,
  except: ['./index.ts'],
  message: `import the ${name} module through its face, ${API_MODULES_DIR}/${name}/index.ts`,
}));

/**
 * The ledger owns its tables (issue 10, docs/adr/0024): outside packages/ledger no string or
 * template literal names ledger_transfers, ledger_entries or ledger_accounts; use the reads and
 * checks @sabai/ledger exports (packages/ledger/src/reads.ts).
 */
const LEDGER_TABLE = '/\\bledger_(transfers|entries|accounts)\\b/';
const LEDGER_TABLE_MESSAGE = 'only packages/ledger names a ledger_* table: use a read of @sabai/ledger (packages/ledger/src/reads.ts)';
/**
 * The only files outside packages/ledger allowed to name ledger_* tables: bulk builders that fill
 * the tables with generate_series to give the planner a big ledger (bench:scale's 10M-transfer
 * database; the plan tests' 20,000 other transfers, checked with EXPLAIN). They are neither
 * product reads nor postings. Do not add product code here.
 */
const LEDGER_BULK_BUILDERS = ['bench/scale-bench.ts', 'apps/api/src/test/member-read-plans.test.ts', 'apps/api/src/modules/reconcile/reconcile-plans.test.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      // A module's own files may import each other: a zone's target excludes its own folder.
      'import-x/no-restricted-paths': ['error', { zones: moduleWalls }],
    },
  },
  {
    // No import cycles between API modules (tests are leaves and may import several faces).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['packages/ledger/**', ...LEDGER_BULK_BUILDERS],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${LEDGER_TABLE}]`, message: LEDGER_TABLE_MESSAGE },
        { selector: `TemplateElement[value.raw=${LEDGER_TABLE}]`, message: LEDGER_TABLE_MESSAGE },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
