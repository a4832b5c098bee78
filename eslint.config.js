// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import checkFile from 'eslint-plugin-check-file';
import { readdirSync } from 'node:fs';
import { areaTables } from './scripts/lint-area-tables.js';

// Imports run one way, and never in a cycle: domain/ imports nothing of ours; machines/ import
// domain/; src/ imports machines/ and domain/; server/ imports domain/ only.
const layerZones = [
  { target: './domain', from: ['./src', './server', './machines', './tests', './scripts'], message: 'domain/ imports nothing of ours.' },
  { target: './machines', from: ['./src', './server', './tests', './scripts'], message: 'machines/ import only domain/ and xstate.' },
  { target: './src', from: ['./server', './tests', './scripts'], message: 'src/ never imports server/.' },
  { target: './server', from: ['./src', './machines', './tests'], message: 'server/ imports only domain/.' },
  { target: './widget', from: ['./src', './server', './machines', './tests', './scripts'], message: 'widget/ imports only domain/.' },
];

/** The folders directly below `dir` (relative to this file). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Inside src/, imports run one way too: shared modules -> features -> composition (app/, routes/).
// - A feature (a folder of src/features) imports the shared modules, domain/ and machines/, never
//   another feature: what two features need moves to a shared module, and a screen made of two
//   features is composed by its route. One zone per feature, made from the folder list, so a new
//   feature is fenced in as soon as its folder exists.
// - Features never import the composition: src/app (router, boot) and src/routes.
// - Shared modules (every other folder of src: ui/, api/, auth/, i18n/, layouts/, pwa/, ...)
//   import neither features nor the composition.
const composition = ['./src/app', './src/routes'];
const features = foldersOf('./src/features');
const sharedModules = foldersOf('./src')
  .filter((name) => !['features', 'app', 'routes'].includes(name))
  .map((name) => `./src/${name}`);
const srcZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `src/features/${feature} imports no other feature: move what both need to a shared module of src/, or compose the two in a route.`,
  })),
  { target: './src/features', from: composition, message: 'Features never import src/app or src/routes: those compose the features.' },
  {
    target: sharedModules,
    from: ['./src/features', ...composition],
    message: 'Shared modules of src/ import no feature, nor src/app or src/routes.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'dist-ssr/',
      'node_modules/',
      '.tmp/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'src/route-tree.gen.ts',
      'locales/**/*.js',
      'locales/**/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // tsconfig.json's paths (`@/…`, the repository's root) resolve as tsc resolves them, so the zones below see through them.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
      // Without these, import-x parses no .ts file and no-cycle never fires.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...layerZones, ...srcZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Files and folders are kebab-case; no barrel index files outside the router's file routes.
    files: ['src/**/*.{ts,tsx}', 'domain/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    ignores: ['src/routes/**', 'src/route-tree.gen.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      'check-file/filename-blocklist': ['error', { '**/index.ts': '*.ts (no barrel files)', '**/index.tsx': '*.tsx (no barrel files)' }],
    },
  },
  {
    // domain/: only zod and Lingui message descriptors.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // libphonenumber-js: a shopper's number is read the same way in the SPA, an import and the server.
              regex: '^(?!zod(/|$)|@lingui/core(/macro)?$|libphonenumber-js(/|$)|\\./)',
              message: 'domain/ may import only zod, Lingui message descriptors and libphonenumber-js.',
            },
          ],
        },
      ],
    },
  },
  {
    // machines/: pure logic. No React, DOM, fetch or Firebase.
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@xstate/react', 'firebase', 'firebase/*', 'wretch', 'wretch/*', 'workbox-window'],
              message: 'machines/ are pure: inject effects with .provide().',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'],
    },
  },
  {
    // server/: an area's tables are its own; other areas go through its store (scripts/lint-area-tables.js).
    files: ['server/**/*.ts'],
    plugins: { catalyst: { rules: { 'area-tables': areaTables } } },
    rules: { 'catalyst/area-tables': 'error' },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
