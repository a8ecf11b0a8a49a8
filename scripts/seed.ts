// Loads the demo catalogue, product mappings and demo learner into DATABASE_URL (idempotent).
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb } from '@sleep-ritual/platform/db';
import { seedDemo } from '@sleep-ritual/platform/db/seed';

const config = loadConfigOrExit();
const db = createDb(config.databaseUrl, { min: 0, max: 1 });
try {
  await seedDemo(db);
  console.log('demo content ready');
} finally {
  await db.destroy();
}
