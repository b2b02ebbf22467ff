// Lint also guards the import boundaries of ARCHITECTURE.md:
// domain <- machines <- src, and domain <- server. Nothing else crosses. Inside src, only the
// composition root (src/app, src/prerender, main.tsx, src/lab) imports src/screens.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const uiPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-i18next',
  'i18next',
  'axios',
  'pixi.js',
  '@pixi/react',
  'pixi-viewport',
  '@xstate/react',
];

const boundary = (forbiddenDirs, forbiddenPackages, why) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: forbiddenPackages.map((name) => ({ name, message: why })),
      patterns: [
        { regex: `(^|/)(${forbiddenDirs.join('|')})/`, message: why },
        ...forbiddenPackages.map((name) => ({ group: [`${name}/*`], message: why })),
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-e2e/',
      'coverage/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: boundary(
      ['src', 'server', 'machines'],
      [...uiPackages, 'xstate', 'fastify', 'kysely'],
      'domain/ is pure TypeScript: no UI, no I/O, no machines, no server.',
    ),
  },
  {
    files: ['machines/**/*.ts'],
    rules: boundary(
      ['src', 'server'],
      [...uiPackages, 'fastify', 'kysely'],
      'machines/ import only xstate and domain/: effects are actors the app provides.',
    ),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: boundary(
      ['server'],
      ['fastify', 'kysely', 'better-sqlite3', 'pg'],
      'The web app never imports server code; share contracts through domain/.',
    ),
  },
  // Only the composition root (src/app, the pre-render entry, main.tsx, the lab) puts screens
  // together; screens import src/shared, src/ui, src/api, src/actors and src/stage, never app.
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    rules: boundary(
      ['server', 'app'],
      ['fastify', 'kysely', 'better-sqlite3', 'pg'],
      'A screen never imports the composition root (src/app) or server code; shared web modules live in src/shared.',
    ),
  },
  {
    files: ['src/{shared,ui,api,actors,stage}/**/*.{ts,tsx}'],
    rules: boundary(
      ['server', 'app', 'screens'],
      ['fastify', 'kysely', 'better-sqlite3', 'pg'],
      'Shared web modules never import screens or the composition root (src/app); only src/app puts screens together.',
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: boundary(
      ['src', 'machines'],
      uiPackages,
      'The server never imports web code; share contracts through domain/.',
    ),
  },
  { files: ['scripts/**/*.ts', 'bench/**/*.ts', 'server/**/*.ts'], rules: { 'no-console': 'off' } },
  // Layout is Prettier's job (npm run format); no lint rule argues with it.
  prettier,
);
