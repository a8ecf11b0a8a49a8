// Migrates DATABASE_URL to the latest schema (`npm run db:migrate -- --down` rolls back the last batch).
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb, ensureDatabase } from '@sleep-ritual/platform/db';

const config = loadConfigOrExit();
await ensureDatabase(config.databaseUrl);
const db = createDb(config.databaseUrl, { min: 0, max: 1 });
try {
  if (process.argv.includes('--down')) {
    const [batch, files] = await db.migrate.rollback();
    console.log(`rolled back batch ${batch}: ${files.length} migration(s)`);
  } else {
    const [batch, files] = await db.migrate.latest();
    console.log(files.length ? `batch ${batch}: ${files.join(', ')}` : 'already up to date');
  }
} finally {
  await db.destroy();
}
