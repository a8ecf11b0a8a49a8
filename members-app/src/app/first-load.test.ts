// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type Rollup } from 'vite';

/**
 * The production build, made here into a folder of its own: what a learner's phone downloads before the
 * first screen, and what the Content-Security-Policy allows (no eval).
 */

/** Issue "Fast at bedtime": the first load, gzipped as `npm run lighthouse` measures it (zlib's default level). */
const FIRST_LOAD_BUDGET_KB = 120;

const root = fileURLToPath(new URL('../..', import.meta.url));
let outDir: string;
let chunks: Rollup.OutputChunk[];
let indexHtml: string;
let stylesheets: Rollup.OutputAsset[];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'members-app-build-'));
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development builds would be measured.
  vi.stubEnv('NODE_ENV', 'production');
  const output = (await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  }).finally(() => vi.unstubAllEnvs())) as Rollup.RollupOutput;
  chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const html = output.output.find((item) => item.fileName === 'index.html');
  indexHtml = html?.type === 'asset' ? String(html.source) : '';
  stylesheets = output.output.filter(
    (item): item is Rollup.OutputAsset => item.type === 'asset' && item.fileName.endsWith('.css'),
  );
}, 240_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

/** What index.html loads before the first screen: the entry and the chunks it preloads (the app). */
function firstLoad(): Rollup.OutputChunk[] {
  const named = [
    ...indexHtml.matchAll(
      /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/app\/([^"]+\.js)"/g,
    ),
  ];
  return named.map(([, file]) => chunks.find((chunk) => chunk.fileName === file)!);
}

/** `chunk` and every chunk it imports statically. */
function withImports(chunk: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const byName = new Map(chunks.map((each) => [each.fileName, each]));
  const found = new Map<string, Rollup.OutputChunk>();
  const visit = (each: Rollup.OutputChunk) => {
    if (found.has(each.fileName)) return;
    found.set(each.fileName, each);
    for (const name of each.imports) visit(byName.get(name)!);
  };
  visit(chunk);
  return [...found.values()];
}

describe('the built members app', () => {
  it('loads first only what the sign-in and "Your Programs" screens need: the class page, player, account and admin come later', () => {
    const modules = firstLoad().flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => id.endsWith('/MyProgramsScreen.tsx'))).toBe(true);
    expect(modules.some((id) => id.endsWith('/SignInScreen.tsx'))).toBe(true);
    for (const later of [
      '/ClassScreen.tsx',
      '/PathScreen.tsx',
      '/AccountScreen.tsx',
      '/CreateAccountScreen.tsx',
      '/admin-routes.tsx',
    ]) {
      expect(modules.filter((id) => id.endsWith(later))).toEqual([]);
    }
    expect(modules.filter((id) => id.includes('/@vimeo/player/') || id.includes('/recharts/'))).toEqual([]);
    // The contracts' schemas load beside the first call (lib/api-client.ts), not before the first screen.
    expect(modules.filter((id) => id.includes('/node_modules/zod/'))).toEqual([]);
  });

  it('starts with a small entry that sends the first calls; React and the screens come in the app, which index.html preloads beside it', () => {
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const entryModules = withImports(entry).flatMap((chunk) => chunk.moduleIds);
    expect(entryModules.some((id) => id.endsWith('/src/app/first-screen.ts'))).toBe(true);
    expect(entryModules.filter((id) => id.includes('/node_modules/react'))).toEqual([]);
    const entryKb = withImports(entry).reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0) / 1024;
    expect(entryKb).toBeLessThanOrEqual(5);
    // Everything the app imports statically is preloaded: nothing waits for the entry to have run.
    const app = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/app/start.tsx')))!;
    const loaded = firstLoad().map((chunk) => chunk.fileName);
    expect(loaded[0]).toBe(entry.fileName);
    for (const chunk of withImports(app)) expect(loaded).toContain(chunk.fileName);
    // What the entry loads early besides the app (the first calls' contracts) never waits for the app.
    const early = entry.dynamicImports.filter((file) => file !== app.fileName);
    expect(early.length).toBeGreaterThan(0);
    for (const file of early) {
      const imported = withImports(chunks.find((chunk) => chunk.fileName === file)!).map(
        (chunk) => chunk.fileName,
      );
      expect(imported).not.toContain(app.fileName);
    }
  });

  it(`sends at most ${FIRST_LOAD_BUDGET_KB} KB of gzipped JavaScript before the first screen`, () => {
    const bytes = firstLoad().reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0);
    const kb = bytes / 1024;
    console.info(`Members app first load: ${kb.toFixed(1)} KB gzipped (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
    expect(kb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });

  it('paints its first screen without waiting for a stylesheet: the CSS it needs is inside index.html', () => {
    expect(indexHtml).toContain('<div id="root">');
    // A stylesheet that applies would block the first paint; a disabled one is neither applied nor fetched.
    const linked = [...indexHtml.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map(([tag]) => tag);
    expect(linked.filter((tag) => !/\sdisabled[\s>]/.test(tag))).toEqual([]);
    expect(indexHtml).toMatch(/<style>[^<]*\.app-placeholder\s*\{/);
    expect(indexHtml).toMatch(/<style>[^<]*\.program-card\b/);
  });

  it('keeps each inlined stylesheet linked but disabled, so a later screen that lists it does not fetch it again', () => {
    const inlined = stylesheets.filter((file) => indexHtml.includes(`<style>${String(file.source)}</style>`));
    expect(inlined.length).toBeGreaterThan(0);
    for (const file of inlined) {
      expect(indexHtml).toContain(`<link rel="stylesheet" disabled href="/app/${file.fileName}">`);
    }
  });

  it("loads with the first call zod's English messages only, not its every language", () => {
    const withZod = chunks.filter((chunk) =>
      chunk.moduleIds.some((id) => id.endsWith('/node_modules/zod/v4/classic/schemas.js')),
    );
    const locales = withZod
      .flatMap((chunk) => chunk.moduleIds)
      .filter((id) => id.includes('/zod/v4/locales/'))
      .map((id) => path.basename(id));
    expect(locales).toEqual(['en.js']);
    const kb = withZod.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0) / 1024;
    console.info(`Members app schemas with zod: ${kb.toFixed(1)} KB gzipped`);
    expect(kb).toBeLessThanOrEqual(40);
  });

  it('holds no eval or new Function anywhere, which the Content-Security-Policy would refuse', async () => {
    const files = (await readdir(path.join(outDir, 'assets'))).filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const source = await readFile(path.join(outDir, 'assets', file), 'utf8');
      expect(source.match(/(?<![\w$.])eval\s*\(|new\s+Function\s*\(/g), file).toBeNull();
    }
  });
});
