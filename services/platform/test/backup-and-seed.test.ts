import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureDatabase, migrateLatest } from '../src/db.ts';
import { backupDatabase, restoreDatabase } from '../src/db/backup.ts';
import { repoRoot } from '../src/paths.ts';
import { freePort, TEST_DATABASE_URL } from '../src/testing.ts';

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const suffix = `${process.pid}_${Date.now().toString(36)}`;
const source = databaseUrl(`sleep_ritual_backup_src_${suffix}`);
const target = databaseUrl(`sleep_ritual_backup_dst_${suffix}`);
let dir: string;

async function dropDatabase(url: string): Promise<void> {
  const admin = createDb(databaseUrl('postgres'), { min: 0, max: 1 });
  try {
    await admin.raw('drop database if exists ?? with (force)', [new URL(url).pathname.slice(1)]);
  } finally {
    await admin.destroy();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sleep-ritual-backups-'));
  await ensureDatabase(source);
  const db = createDb(source, { min: 0, max: 1 });
  try {
    await migrateLatest(db);
    await db('programs').insert({ title: 'Restored Ritual', orderIndex: 1 });
    await db('users').insert({ email: 'restored@test.example', firstName: 'Restored' });
  } finally {
    await db.destroy();
  }
});

afterAll(async () => {
  await Promise.all([dropDatabase(source), dropDatabase(target)]);
  await rm(dir, { recursive: true, force: true });
});

describe('database backups', () => {
  it('restores a dump into a fresh database with its data and schema', async () => {
    const { file } = await backupDatabase(source, dir, 14);
    await restoreDatabase(target, file);

    const db = createDb(target, { min: 0, max: 1 });
    try {
      expect(await db('programs').pluck('title')).toEqual(['Restored Ritual']);
      expect(await db('users').pluck('email')).toEqual(['restored@test.example']);
      expect((await db('knex_migrations').pluck('name')).length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });

  it('keeps only the newest dumps', async () => {
    const nightly = path.join(dir, 'nightly');
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'];
    const results = [];
    for (const day of days) {
      results.push(await backupDatabase(source, nightly, 2, new Date(`${day}T03:00:00Z`)));
    }
    const left = await readdir(nightly);
    expect(left.sort()).toEqual([path.basename(results[2]!.file), path.basename(results[3]!.file)]);
    expect(results[3]!.removed).toContain(results[1]!.file);
  });

  it('keeps the good dumps when one fails, and never says the password', async () => {
    const nightly = path.join(dir, 'failing');
    const good = await backupDatabase(source, nightly, 2, new Date('2026-02-01T03:00:00Z'));
    // An empty dump left by an older failure is no backup: it is neither kept nor counted.
    const empty = path.join(
      nightly,
      `${path.basename(good.file).split('-2026')[0]}-2026-02-02T03-00-00-000Z.dump`,
    );
    await writeFile(empty, '');
    const unreachable = new URL(source);
    unreachable.port = String(await freePort());
    unreachable.username = 'backup';
    unreachable.password = 'secret-password-1';
    for (const day of ['2026-02-03', '2026-02-04']) {
      const failed = backupDatabase(unreachable.toString(), nightly, 2, new Date(`${day}T03:00:00Z`));
      await expect(failed).rejects.toThrow(/^pg_dump failed: /);
      await expect(failed).rejects.not.toThrow(/secret-password-1/);
    }
    expect(await readdir(nightly)).toEqual([path.basename(good.file), path.basename(empty)]);

    // A dump killed midway a day and more ago left its .partial; one being written now stays.
    const killed = path.join(nightly, `${path.basename(empty)}.partial`);
    const writing = path.join(nightly, `${path.basename(good.file).replace('02-01', '02-04')}.partial`);
    await writeFile(killed, 'half a dump');
    await writeFile(writing, 'a dump being written');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(killed, dayAgo, dayAgo);
    const next = await backupDatabase(source, nightly, 2, new Date('2026-02-05T03:00:00Z'));
    expect(next.removed.sort()).toEqual([empty, killed].sort());
    await rm(writing);
    expect((await readdir(nightly)).sort()).toEqual([path.basename(good.file), path.basename(next.file)]);
  });

  it('says what to do when pg_dump is older than the server, and leaves no database behind for a dump that is not there', async () => {
    // A pg_dump first on PATH that answers as Debian 12's does for the embedded PostgreSQL 18.
    const bin = path.join(dir, 'old-bin');
    await mkdir(bin);
    await writeFile(
      path.join(bin, 'pg_dump'),
      `#!/bin/sh\necho 'pg_dump: error: aborting because of server version mismatch' >&2\necho 'pg_dump: detail: server version: 18.4; pg_dump version: 15.20' >&2\nexit 1\n`,
    );
    await chmod(path.join(bin, 'pg_dump'), 0o755);
    const searched = process.env.PATH;
    process.env.PATH = `${bin}:${searched}`;
    try {
      await expect(backupDatabase(source, path.join(dir, 'old'), 2)).rejects.toThrow(
        /server version mismatch[\s\S]*Install pg_dump and pg_restore of the server's major version or newer[\s\S]*copying its data folder/,
      );
    } finally {
      process.env.PATH = searched;
    }

    const nowhere = databaseUrl(`sleep_ritual_backup_none_${suffix}`);
    await expect(restoreDatabase(nowhere, path.join(dir, 'no-such.dump'))).rejects.toThrow(
      `No dump at ${path.join(dir, 'no-such.dump')}`,
    );
    const admin = createDb(databaseUrl('postgres'), { min: 0, max: 1 });
    try {
      const { rows } = await admin.raw('select 1 from pg_database where datname = ?', [
        new URL(nowhere).pathname.slice(1),
      ]);
      expect(rows).toEqual([]);
    } finally {
      await admin.destroy();
    }
  });

  it('npm run db:restore of a dump that is not there says so in one line, without a stack', () => {
    const run = spawnSync(process.execPath, ['scripts/db-restore.ts', 'var/backups/no-such.dump'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: target,
        SESSION_KEYS: 'k',
        ADMIN_PASSWORD: 'a',
        THRIVECART_SECRET: 's',
        ACCOUNT_HASH_SECRET: 'h',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('No dump at var/backups/no-such.dump');
  });

  it('gives the tools the password in their environment, never on their command line', async () => {
    // A pg_dump first on PATH that writes down what `ps` would show of it, and what it was given.
    const bin = path.join(dir, 'bin');
    const seen = path.join(dir, 'seen');
    await mkdir(bin);
    await writeFile(
      path.join(bin, 'pg_dump'),
      `#!/bin/sh\nprintf '%s\\n' "$*" "PGPASSWORD=$PGPASSWORD" > '${seen}'\nexit 1\n`,
    );
    await chmod(path.join(bin, 'pg_dump'), 0o755);
    const searched = process.env.PATH;
    process.env.PATH = `${bin}:${searched}`;
    try {
      for (const url of [
        'postgres://backup:secret%2Fpw-2@db.internal:5432/shop',
        'postgres://backup@db.internal:5432/shop?password=secret%2Fpw-2&options=-c%20search_path%3Dapp',
      ]) {
        await expect(backupDatabase(url, path.join(dir, 'fake'), 2)).rejects.toThrow(/^pg_dump failed: /);
        const [commandLine, environment] = (await readFile(seen, 'utf8')).split('\n');
        expect(commandLine).toContain('--dbname=postgres://backup@db.internal:5432/shop');
        expect(commandLine).not.toContain('secret');
        // The other parameters as they were written: libpq reads `%20` as a space, not `+`.
        if (url.includes('options')) expect(commandLine).toContain('shop?options=-c%20search_path%3Dapp ');
        expect(environment).toBe('PGPASSWORD=secret/pw-2');
      }
    } finally {
      process.env.PATH = searched;
    }
  });
});

describe('npm run db:seed', () => {
  function seed(args: string[], env: Record<string, string>) {
    return spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'seed.ts'), ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        SESSION_KEYS: 'k',
        ADMIN_PASSWORD: 'a',
        THRIVECART_SECRET: 's',
        ACCOUNT_HASH_SECRET: 'h',
        ...env,
      },
      encoding: 'utf8',
      // --demo also renders the demo nights' audio the first time (seconds; more on a busy machine).
      timeout: 120_000,
    });
  }

  async function learners(url: string): Promise<string[]> {
    const db = createDb(url, { min: 0, max: 1 });
    try {
      return await db('users').where('email', 'like', 'demo@%').pluck('email');
    } finally {
      await db.destroy();
    }
  }

  it('loads nothing without --demo, and refuses the demo in production', async () => {
    const bare = seed([], { DATABASE_URL: source, NODE_ENV: 'development' });
    expect(bare.status).toBe(64);
    expect(bare.stderr).toContain('npm run db:seed -- --demo');
    const production = seed(['--demo'], { DATABASE_URL: source, NODE_ENV: 'production' });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('Refusing to load the demo content');
    expect(await learners(source)).toEqual([]);
  });

  it('loads the demo learner with --demo in development', async () => {
    const result = seed(['--demo'], { DATABASE_URL: source, NODE_ENV: 'development' });
    expect(result.status).toBe(0);
    expect(await learners(source)).toEqual(['demo@sleepritual.example']);
  }, 150_000);
});
