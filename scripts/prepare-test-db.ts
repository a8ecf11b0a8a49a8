// Creates the shared test database if missing and migrates it to the latest schema.
import { createDb, ensureDatabase, migrateLatest } from '@sleep-ritual/platform/db';
import { TEST_DATABASE_URL } from '@sleep-ritual/platform/testing';

await ensureDatabase(TEST_DATABASE_URL);
const db = createDb(TEST_DATABASE_URL, { min: 0, max: 1 });
try {
  await migrateLatest(db);
  console.log(`test database ready: ${new URL(TEST_DATABASE_URL).pathname.slice(1)}`);
} finally {
  await db.destroy();
}
