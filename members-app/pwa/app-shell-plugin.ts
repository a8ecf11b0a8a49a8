/**
 * Makes the members app installable: renders its icons and web app manifest, and after each build
 * writes the service worker (src/service-worker/sw.ts) with that build's app shell written in.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import { appIcons, serviceWorkerFile, webAppManifestFile } from '../../services/contracts/src/web-app.ts';
import type { AppShell } from '../src/service-worker/shell-cache.ts';
import { renderAppIcons } from './icons.ts';
import { webAppManifest } from './manifest.ts';

const SERVICE_WORKER_ENTRY = fileURLToPath(new URL('../src/service-worker/sw.ts', import.meta.url));

type StaticFile = { fileName: string; source: Uint8Array | string; type: string };

export function appShellPlugin(options: { base: string }): Plugin {
  const { base } = options;
  let outDir = 'dist';
  let files: Promise<StaticFile[]> | undefined;
  const staticFiles = () =>
    (files ??= renderAppIcons().then((icons) => [
      ...icons.map((icon) => ({ ...icon, type: 'image/png' })),
      {
        fileName: webAppManifestFile,
        source: `${JSON.stringify(webAppManifest(base), null, 2)}\n`,
        type: 'application/manifest+json',
      },
    ]));

  return {
    name: 'sleep-ritual:app-shell',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // `vite dev` serves the icons and manifest too; it registers no service worker.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if (!pathname.startsWith(base)) return next();
        staticFiles().then((all) => {
          const file = all.find((candidate) => `${base}${candidate.fileName}` === pathname);
          if (!file) return next();
          res.setHeader('Content-Type', file.type);
          res.end(file.source);
        }, next);
      });
    },
    async generateBundle() {
      for (const file of await staticFiles()) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
      }
    },
    // Last: every file of the build, the public folder's included, is on disk by now.
    async writeBundle(_options, bundle) {
      const shell = await describeShell(outDir, base, learnerCode(bundle, base));
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __APP_SHELL__: JSON.stringify(shell) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          lib: {
            entry: SERVICE_WORKER_ENTRY,
            formats: ['iife'],
            name: 'appShellServiceWorker',
            fileName: () => serviceWorkerFile,
          },
        },
      });
    },
  };
}

/** The admin area's lazy entry: its code, and what only it imports, stays off learners' phones. */
const ADMIN_AREA = /\/admin-routes\.tsx$/;

/**
 * The code and styles the learner's screens load on demand (the class page with listen mode, the path,
 * the account…), followed from the entry through every import but not into the admin area. In the
 * shell, a saved night opens offline even when its screen was never opened online since the last
 * release (a new release's worker deletes the last one's files).
 */
function learnerCode(bundle: Rollup.OutputBundle, base: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName) || (chunk.isDynamicEntry && ADMIN_AREA.test(chunk.facadeModuleId ?? '')))
      return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return [...files].map((file) => `${base}${file}`);
}

/**
 * The shell of a finished build: index.html (cached as the start page, since every app route answers
 * it) and every file of ours it references (entry JS, its preloads, CSS, manifest, icons), the learner's
 * screens' code (learnerCode), the manifest's icons and the fallback pictures. The version is a digest
 * of every built file, so any change installs a new worker.
 */
async function describeShell(outDir: string, base: string, learnerFiles: string[]): Promise<AppShell> {
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)]
    .flatMap((match) => (match[1] === undefined ? [] : [match[1]]))
    .filter((url) => url.startsWith(base));
  const manifest = webAppManifest(base);
  for (const required of [`${base}${webAppManifestFile}`, `${base}${appIcons.appleTouch}`]) {
    if (!referenced.includes(required)) throw new Error(`index.html must link ${required}`);
  }

  const digest = createHash('sha256');
  const names = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => name !== serviceWorkerFile)
    .sort();
  for (const name of names) digest.update(`${name}\0`).update(await readFile(path.join(outDir, name)));

  return {
    version: digest.digest('hex').slice(0, 16),
    filesPrefix: base,
    scriptUrl: `${base}${serviceWorkerFile}`,
    shellUrl: manifest.start_url,
    precache: [
      ...new Set([
        manifest.start_url,
        ...referenced,
        ...learnerFiles,
        ...manifest.icons.map((icon) => icon.src),
        // The night-sky pictures stand in for a programme's or night's own (not saved offline).
        ...names.filter((name) => name.startsWith('images/')).map((name) => `${base}${name}`),
      ]),
    ],
  };
}
