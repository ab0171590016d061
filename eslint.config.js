// The architecture's import arrows, checked on every `npm test` (docs/architecture.md draws them).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

/** `from` folders that `target` must never import (resolved paths, so relative imports and aliases alike). */
const never = (target, from, message) => ({ target, from, message });

const boundaries = [
  never(
    './src/shared',
    ['./src/server', './src/worker', './src/engine', './src/web', './src/emails', './src/main'],
    'shared/ is the bottom layer: it imports nothing of the app above it.',
  ),
  never(
    './src/engine',
    ['./src/server', './src/worker', './src/web', './src/emails', './src/main'],
    'engine/ knows images and models, not users, HTTP or the queue.',
  ),
  never('./src/emails', ['./src/server', './src/worker', './src/engine', './src/web', './src/main'], 'emails/ are templates: they import only shared/.'),
  never('./src/web', ['./src/server', './src/worker', './src/engine', './src/main'], 'web/ imports only shared/ and emails/ from outside itself.'),
  never('./src/server', ['./src/worker'], 'only the composition root (src/main) imports worker/.'),
  never('./src/worker', ['./src/main', './src/web'], 'worker/ binds the queue to job services; it is wired by src/main.'),
  never('./src/web/features', ['./src/web/pages'], 'features never import a page: move the shared piece down.'),
  never(
    './src/web/features/canvas-core',
    ['./src/web/features/workspace', './src/web/features/sessions', './src/web/features/remove-tool'],
    'canvas-core is what the workspace, sessions and the remove tool share: it imports none of them.',
  ),
  never(
    './src/web/features/sessions',
    ['./src/web/features/workspace', './src/web/features/remove-tool'],
    'the workspace composes sessions and the remove tool, never the other way round.',
  ),
  never(
    './src/web/features/remove-tool',
    ['./src/web/features/workspace', './src/web/features/sessions'],
    'the workspace composes sessions and the remove tool, never the other way round.',
  ),
  never('./src/web/ui', ['./src/web/features', './src/web/pages'], 'ui/ is the kit every feature uses; it knows no feature.'),
];

/** Arrows for the code itself; its tests may look behind it (a route test reads the rows a request wrote). */
const codeOnly = [
  never('./src/server', ['./src/main'], 'src/main wires server/; server/ never reaches back into it (its tests may start it).'),
  never(
    './src/cli',
    ['./src/server', './src/worker', './src/engine', './src/web', './src/emails', './src/main'],
    'cli/ is a client of the public API: it imports only shared/ and talks to the server over HTTP (its tests start a real one).',
  ),
  never('./src/server/routes', ['./src/server/adapters', './src/server/db/schema.ts'], 'routes are thin: they call services, never adapters or the database.'),
  never('./src/server/services', ['./src/server/adapters'], 'services reach adapters through the ports they are given, never directly.'),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      'drizzle/**',
      '**/*.mjs',
      'src/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { import: importPlugin },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      // resolves `.js` specifiers to their `.ts` sources and the layer aliases of tsconfig.json
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      // the modules an import leads to are read with the TypeScript parser (cycles are followed through them)
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
      // across layers and up more than one folder, the layer aliases say where a module lives (tsconfig.json paths)
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}(?!\\.\\./|package\\.json$|scripts/)',
              message: 'Use a layer alias (@shared/…, @server/…, @web/…) instead of climbing ../../',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // tests look for control characters on purpose (file names, headers)
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/testing/**'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...boundaries, ...codeOnly] }] },
  },
);
