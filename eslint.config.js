// One lint setup for the whole repository. Prettier owns formatting (eslint-config-prettier turns off
// every rule that would fight it); ESLint owns correctness and the architecture's rules, below.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./members-app/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** SPA features never import each other: shared UI lives in src/components, plumbing in src/lib. */
const featureBoundaries = features.map((feature) => {
  const others = features.filter((other) => other !== feature).join('|');
  return {
    files: [`members-app/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
              message: 'Features never import each other: move what both need to src/components or src/lib.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.astro/**',
      '**/.turbo/**',
      'var/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only the config module reads the environment: take the value from Config.',
        },
      ],
    },
  },
  {
    // The modules that read the environment: each deployable's config, and the test settings.
    files: [
      'services/platform/src/config.ts',
      'services/*/src/testing*.ts',
      'marketing/src/config.ts',
      '**/*.config.{ts,mjs,js}',
      'scripts/**',
      'e2e/**',
      '**/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read arbitrary JSON answers; `any` there is the honest type.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['members-app/src/**/*.{ts,tsx}', 'marketing/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...featureBoundaries,
  {
    // A promise nobody awaits in a service loses its error and outlives shutdown.
    files: ['services/*/src/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Koa's app.callback() returns a promise it settles itself, and is handed to node:http as is.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, variables: false } },
      ],
    },
  },
  prettier,
);
