import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path rather than by package name: Vite bundles a config's relative imports, while a package import
// is left to Node, which cannot load the contracts' TypeScript source.
import { parsePublicConfig } from '../services/contracts/src/public-config.ts';
import { appShellPlugin } from './pwa/app-shell-plugin.ts';

// The build reads only the public settings (no secret), with the defaults the README lists.
const publicConfig = parsePublicConfig({ SUPPORT_EMAIL: process.env.SUPPORT_EMAIL });

// Served under /app/ so its files never collide with the marketing site's on the same origin.
const base = '/app/';

export default defineConfig({
  base,
  plugins: [react(), appShellPlugin({ base }), inlineFirstCss()],
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screens render in jsdom beside the services' suites on a two-core machine: a test that passes in
    // one second alone can take several while everything runs at once.
    testTimeout: 20_000,
  },
} as Parameters<typeof defineConfig>[0]);

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
