// One lint setup for the whole repository. Prettier owns formatting (eslint-config-prettier turns off
// every rule that would fight it); ESLint owns correctness and the architecture's rules, below.
import { readFileSync, readdirSync } from 'node:fs';
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

/**
 * The deployables: each runs as its own process (its package.json has a `start` script). The other
 * workspaces are libraries they share.
 */
const workspaces = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const deployables = workspaces.filter(
  (name) =>
    JSON.parse(readFileSync(new URL(`./services/${name}/package.json`, import.meta.url), 'utf8')).scripts
      ?.start,
);

/**
 * The borders between workspaces (docs/architecture.md, "Borders"): a service's source reaches another
 * workspace only through that package's exports, never through its folders; no service imports the
 * worker or another service's app; platform is infrastructure and imports no product rule; calls go
 * one way, http → domain → data: a domain module never imports the HTTP layer, an HTTP module never
 * imports data, a data module neither.
 */
const workspaceBorders = workspaces.flatMap((workspace) => {
  const others = workspaces.filter((other) => other !== workspace).join('|');
  const otherDeployables = deployables.filter((other) => other !== workspace).join('|');
  const patterns = [
    {
      regex: `^(\\.\\./)+(services/)?(${others})/`,
      message: "Another workspace's folders are its own: import what its package.json exports instead.",
    },
    {
      regex: `^@sleep-ritual/(worker(/|$)|(${otherDeployables})/app$)`,
      message:
        'A service never imports the worker or another service: queue work through @sleep-ritual/jobs, share rules through a library workspace.',
    },
  ];
  if (workspace === 'platform') {
    patterns.push({
      regex: '^@sleep-ritual/(?!platform/|contracts/)',
      message: 'Platform is infrastructure: it imports no product rule (those live in their own workspaces).',
    });
  }
  const domainPatterns = [
    ...patterns,
    {
      regex: '^\\.\\.?/(.*/)?http/',
      message: 'The domain never imports the HTTP layer: pass it what it needs as plain values.',
    },
  ];
  const httpPatterns = [
    ...patterns,
    {
      regex: '^\\.\\.?/(.*/)?data/',
      message: 'The HTTP layer calls the domain, which calls data (http → domain → data).',
    },
  ];
  const dataPatterns = [
    ...patterns,
    {
      regex: '^(\\.\\.?/(.*/)?(domain|http)/|@sleep-ritual/platform/http/)',
      message: 'Data modules are queries returning plain rows: they import neither the domain nor HTTP.',
    },
  ];
  return [
    {
      files: [`services/${workspace}/src/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    },
    {
      files: [`services/${workspace}/src/**/domain/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: domainPatterns }] },
    },
    {
      files: [`services/${workspace}/src/**/http/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: httpPatterns }] },
    },
    {
      files: [`services/${workspace}/src/**/data/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: dataPatterns }] },
    },
  ];
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
      '@typescript-eslint/no-non-null-assertion': 'error',
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
    // The modules that read the environment: each deployable's config, the test settings, and the
    // tracing preload (the standard OTEL_* variables, which are the OpenTelemetry SDK's, not the config's).
    files: [
      'services/platform/src/config.ts',
      'services/platform/src/tracing.ts',
      'services/platform/src/tracing-sdk.ts',
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
    // A test's fixtures are known to exist, and a failed assumption fails the test: `!` may stay there.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'services/*/src/testing*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
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
  ...workspaceBorders,
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
