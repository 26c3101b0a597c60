// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Lint, with the import rules of docs/architecture.md as errors. The per-feature zones are generated from the folders
 * under src/features, so a new feature gets its boundary without anyone copying a block by hand.
 */

const features = fs
  .readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** @param {string[]} names @param {string} message */
const bannedPackages = (names, message) => names.map((name) => ({ name, message }));

/** @param {string} regex @param {string} message */
const bannedPattern = (regex, message) => ({ regex, message });

const otherFeatures = (feature) => features.filter((f) => f !== feature).join('|');

/** @type {import('eslint').Linter.Config[]} */
const featureZones = features.flatMap((feature) => {
  const others = otherFeatures(feature);
  const crossFeature = others
    ? [
        bannedPattern(`^#features/(${others})/`, `features/${feature} may not import another feature`),
        bannedPattern(`^(\\.\\./)+(${others})/`, `features/${feature} may not import another feature`),
      ]
    : [];
  return [
    {
      files: [`src/features/${feature}/components/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: bannedPackages(['dexie', 'dexie-react-hooks', 'ofetch'], "components read data through their feature's data/ hooks"),
            patterns: [
              ...crossFeature,
              bannedPattern('^#(db|api|sync|data)/', "components read data through their feature's data/ hooks"),
              bannedPattern('^#app/', 'features never import the app composition'),
            ],
          },
        ],
      },
    },
    {
      // The feature's declaration (docs/adding-a-feature.md): its screens only through lazy imports (the start-up loads
      // every declaration; the browser tests read them in Node), nothing of another feature, no data layer. Its
      // `declare module` adds the feature to an interface of lib/feature-declaration.ts: declaration merging needs one.
      files: [`src/features/${feature}/feature.ts`],
      rules: {
        '@typescript-eslint/consistent-type-definitions': 'off',
        'no-restricted-imports': [
          'error',
          {
            paths: bannedPackages(
              ['dexie', 'dexie-react-hooks', 'ofetch', 'react', 'react-router'],
              'a declaration is data: paths, guards, lazy screens',
            ),
            patterns: [
              ...crossFeature,
              bannedPattern('^#(db|api|sync|data|ui|app)/', 'a declaration is data: paths, guards, lazy screens'),
              bannedPattern('^\\./(components|data)/', 'a declaration loads its screens lazily: chunk(() => import(…))'),
            ],
          },
        ],
      },
    },
    {
      files: [`src/features/${feature}/data/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...crossFeature,
              bannedPattern('^#(ui|app)/', 'data/ holds no React components'),
              bannedPattern('/components/', 'data/ holds no React components'),
            ],
          },
        ],
      },
    },
  ];
});

const serverPatterns = [
  bannedPattern('^#(features|app|ui|db|api|sync|data|lib|i18n|workers|sw)/', 'server/ imports contract/ only'),
  bannedPattern('(\\.\\./)+src/', 'server/ imports contract/ only'),
];

/**
 * Packages the server loads when first used (a PDF, a message, a push, an upload, PostgreSQL), not at every start:
 * together about a third of its start-up (docs/server.md "Start-up"). Their types may be imported.
 */
const loadedOnUse = ['pdfkit', 'qrcode', 'nodemailer', 'web-push', 'file-type', 'pg'].map((name) => ({
  name,
  allowTypeImports: true,
  message:
    'loaded when first used: `await import()` it where it is needed, or `createRequire` on a synchronous path (docs/server.md "Start-up")',
}));

const noReact = bannedPackages(['react', 'react-dom', 'react-router', 'react-i18next', 'dexie-react-hooks'], 'no React here');

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'bench/results.json',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The app, the service worker and the Node code (server, tests, e2e, bench) have their own tsconfig.
        project: ['./tsconfig.json', './sw/tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // React Router's guards throw redirect() and data() answers by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only (docs/architecture.md conventions).' },
      ],
    },
  },
  {
    // One import statement per module, and no import cycles: a cycle makes the order of module evaluation (and
    // which chunk a module lands in) depend on who imports first.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['./tsconfig.json', './sw/tsconfig.json', './tsconfig.node.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tools load these by their default export (Playwright's global setup too; @fastify/autoload the route and plugin files).
    files: ['*.config.{ts,js}', 'eslint.config.js', 'e2e/global-setup.ts', 'server/routes/*.ts', 'server/plugins/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-visible string goes through i18next.
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-only', 'jsx-attributes': { include: ['aria-label', 'title', 'alt', 'placeholder', 'label'] } },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: bannedPackages(['dexie', 'dexie-react-hooks', 'ofetch'], "app/ is composition only: go through a feature's data/"),
          patterns: [bannedPattern('^#(db|api|sync|data)/', "app/ is composition only: go through a feature's data/")],
        },
      ],
    },
  },
  ...featureZones,
  {
    files: ['src/db/**/*.ts', 'src/api/**/*.ts', 'src/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noReact,
          patterns: [
            bannedPattern('^#(features|app|ui)/', 'infrastructure never imports features or UI'),
            bannedPattern('^#data/', 'infrastructure never imports the shared pulls (data/ builds on sync/)'),
          ],
        },
      ],
    },
  },
  {
    // Pulls of rows several features read: like a feature's data/, without React and without any feature.
    files: ['src/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noReact,
          patterns: [bannedPattern('^#(features|app|ui|i18n)/', 'data/ is shared by the features: it imports none of them, and no UI')],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noReact,
          patterns: [
            bannedPattern(
              '^#(features|app|ui|api|sync|data|i18n)/',
              'sw/ and workers/ import contract, db/schema, db/resource-keys, db/peek (raw IndexedDB reads), lib, workbox and comlink only',
            ),
            bannedPattern(
              '^#db/(?!schema$|resource-keys$|peek$)',
              'sw/ and workers/ import contract, db/schema, db/resource-keys, db/peek (raw IndexedDB reads), lib, workbox and comlink only',
            ),
          ],
        },
      ],
    },
  },
  {
    // kysely-codegen's output as it comes (scripts/db-types.ts): its interfaces are the row types of the schema.
    files: ['server/db/schema.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: loadedOnUse, patterns: serverPatterns }],
    },
  },
  {
    // The product never depends on the demo or on a stand-in: only the assembly (server/app.ts, server/main.ts)
    // registers them, by configuration (docs/decisions/0006-demo-mode-and-stand-ins.md).
    files: ['server/*.ts', 'server/lib/**/*.ts', 'server/routes/**/*.ts', 'server/plugins/**/*.ts', 'server/db/**/*.ts'],
    ignores: ['server/app.ts', 'server/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: loadedOnUse,
          patterns: [
            ...serverPatterns,
            bannedPattern('(^|/)demo/', 'the demo is not a library: move the rule into lib/ or contract/'),
            bannedPattern('(^|/)stand-ins/', 'a stand-in plays another company: the product talks to it through its interface (lib/)'),
          ],
        },
      ],
    },
  },
  {
    // No hotspot (issue 28): a module a reader can hold in mind, a function that fits on a screen or two. A file that
    // grows past these splits by area (contract/endpoints/, src/db/schema/), a screen into sub-components and hooks.
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts', 'server/**/*.ts', 'workers/**/*.ts', 'sw/**/*.ts'],
    // Generated (kysely-codegen), and the migrations: each is the schema as it was at one step, read top to bottom,
    // never edited once applied (001_init creates the first 40 tables in one function).
    ignores: ['server/db/schema.ts', 'server/db/migrations/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      // ibantools too: IBAN and BIC rules are a registry (lengths, national check digits) better kept by a library.
      'no-restricted-imports': [
        'error',
        { patterns: [bannedPattern('^(?!zod$|ibantools$|\\./|\\.\\./)', 'contract/ imports zod and ibantools only')] },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            bannedPattern('^#(?!contract/fixtures/)', 'e2e/ imports contract/fixtures and its page models only'),
            bannedPattern('(\\.\\./)+src/', 'e2e/ never imports src/'),
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
