import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path rather than by package name: Vite bundles a config's relative imports, while a package import
// is left to Node, which cannot load the contracts' TypeScript source.
import { parsePublicConfig } from '../services/contracts/src/public-config.ts';
import { appShellPlugin } from './pwa/app-shell-plugin.ts';

// The build reads only the public settings (no secret), with the defaults the README lists.
const publicConfig = parsePublicConfig({ SUPPORT_EMAIL: process.env.SUPPORT_EMAIL });

const FIRST_LOAD_TEST = 'src/app/first-load.test.ts';

// Served under /app/ so its files never collide with the marketing site's on the same origin.
const base = '/app/';

export default defineConfig({
  base,
  plugins: [react(), appShellPlugin({ base }), preloadTheApp(), inlineFirstCss()],
  define: {
    // The support address shown to learners.
    __SUPPORT_EMAIL__: JSON.stringify(publicConfig.supportEmail),
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Screens render in jsdom beside the services' suites on a two-core machine: a test that passes in
    // one second alone can take several while everything runs at once.
    testTimeout: 20_000,
    projects: [
      // The screens share one jsdom per worker, each file still in a context of its own: creating a
      // jsdom for every file took as long as the tests themselves.
      {
        extends: true,
        test: {
          name: 'screens',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [FIRST_LOAD_TEST],
          pool: 'vmThreads',
        },
      },
      // The production build runs Vite's native bundler, which a VM context cannot hand its plugins to.
      { extends: true, test: { name: 'build', include: [FIRST_LOAD_TEST] } },
    ],
  },
} as Parameters<typeof defineConfig>[0]);

/**
 * The app (src/app/start.tsx) is a dynamic import of the small entry (src/main.tsx), which sends the
 * first screen's calls before the app has arrived. index.html preloads the app's chunks and links its
 * stylesheets (inlined below), so that they download beside the entry, not after it.
 */
function preloadTheApp(): Plugin {
  const app = '/src/app/start.tsx';
  const entry = '/src/main.tsx';
  // The modules the app imports statically and the entry does not, nor what the entry loads early
  // besides the app (the first calls' contracts, which must not wait for the app): one chunk, the app's,
  // rather than a chunk for every set of screens that shares some (each a request before the first screen).
  const appModules = new Set<string>();
  return {
    name: 'sleep-ritual:preload-the-app',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'start',
                  test: (id: string) => appModules.has(id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const reach = (from: string) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id)) return;
          found.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        visit(from);
        return found;
      };
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix)) ?? '';
      const appId = find(app);
      const fromEntry = reach(find(entry));
      const loadedEarly = [...fromEntry]
        .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
        .filter((id) => id !== appId)
        .flatMap((id) => [...reach(id)]);
      const notTheApp = new Set([...fromEntry, ...loadedEarly]);
      for (const id of reach(appId)) if (!notTheApp.has(id)) appModules.add(id);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((file) =>
            file.type === 'chunk' ? [[file.fileName, file]] : [],
          ),
        );
        const start = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith(app)));
        if (!start) throw new Error(`The build has no chunk for ${app}.`);
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || files.has(fileName)) return;
          files.add(fileName);
          for (const stylesheet of chunk.viteMetadata?.importedCss ?? []) css.add(stylesheet);
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        const tags = [
          ...[...files]
            .filter((file) => !html.includes(`"${base}${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
          ...[...css]
            .filter((file) => !html.includes(`"${base}${file}"`))
            .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
        ];
        return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The first screen's stylesheets go inside index.html rather than beside it: a phone on a slow network
 * paints the page without first waiting for them (a linked stylesheet blocks the first paint). Each file
 * stays linked, `disabled`: the browser neither applies nor fetches it, but the service worker keeps it
 * with the app shell, and a later screen that lists it (Vite's preload of a lazy screen's CSS) finds it
 * linked and does not fetch it again. (`media="not all"` would be fetched, and Lighthouse's simulation
 * then counts it before the first paint.) The CSP allows inline styles.
 */
function inlineFirstCss(): Plugin {
  return {
    name: 'sleep-ritual:inline-first-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
          const file = bundle?.[href.slice(base.length)];
          if (file?.type !== 'asset') return tag;
          return `<style>${String(file.source)}</style>\n    <link rel="stylesheet" disabled href="${href}">`;
        });
      },
    },
  };
}
