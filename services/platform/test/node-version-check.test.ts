import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** scripts/check-node.mjs, the first step of `npm start` and `npm test`, against a package.json of the given engines. */
function checkNode(engines: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'check-node-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'scripts'));
  copyFileSync(
    path.join(repoRoot, 'scripts', 'check-node.mjs'),
    path.join(folder, 'scripts', 'check-node.mjs'),
  );
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ engines: { node: engines } }));
  const result = spawnSync(process.execPath, [path.join(folder, 'scripts', 'check-node.mjs')], {
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, lines: result.stderr.trim().split('\n') };
}

describe('the Node check before npm start and npm test', () => {
  it("passes silently on this Node with the project's own engines range", () => {
    const own = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const { status, stdout, lines } = checkNode(own.engines.node);
    expect(status).toBe(0);
    expect(stdout).toBe('');
    expect(lines).toEqual(['']);
  });

  it('stops with one line naming the Node it needs when this Node is older', () => {
    const { status, lines } = checkNode('^99.1.0 || >=100');
    expect(status).toBe(1);
    expect(lines).toEqual([
      `sleep-ritual needs Node ^99.1.0 || >=100 (this is Node ${process.version}); see docs/development.md, "Node 24".`,
    ]);
  });

  it('accepts a newer major through the ">=" alternative', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(checkNode(`^${major + 1}.0.0 || >=${major}`).status).toBe(0);
    expect(checkNode(`^${major}.999.0`).status).toBe(1);
  });
});
