// Migrates DATABASE_URL to the latest schema. `npm run db:migrate -- --down` says what rolling back the
// last batch would undo; `-- --down --yes` does it.
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb, ensureDatabase } from '@sleep-ritual/platform/db';

const config = loadConfigOrExit();
await ensureDatabase(config.databaseUrl);
const db = createDb(config.databaseUrl, { min: 0, max: 1 });
try {
  if (process.argv.includes('--down')) {
    // On a fresh install every migration is the first batch: rolling it back drops every table.
    const lastBatch = (await db.schema.hasTable('knex_migrations'))
      ? await db('knex_migrations')
          .where('batch', db('knex_migrations').max('batch'))
          .orderBy('id')
          .pluck('name')
      : [];
    if (!process.argv.includes('--yes')) {
      console.error(
        `Rolling back the last batch would undo ${lastBatch.length} migration(s), with the tables and data ` +
          `they made: ${lastBatch.join(', ') || 'none'}. Run \`npm run db:migrate -- --down --yes\` to do it.`,
      );
      process.exitCode = 64;
    } else {
      const [batch, files] = await db.migrate.rollback();
      console.log(`rolled back batch ${batch}: ${files.length} migration(s)`);
    }
  } else {
    const [batch, files] = await db.migrate.latest();
    console.log(files.length ? `batch ${batch}: ${files.join(', ')}` : 'already up to date');
  }
} finally {
  await db.destroy();
}
