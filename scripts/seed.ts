// `npm run db:seed -- --demo` loads the demo catalogue, product mappings and demo learner into DATABASE_URL,
// and writes the demo nights' audio into MEDIA_DIR
// (idempotent; admin edits are kept). The demo is for development and evaluation: it never loads by
// itself, and a production configuration refuses it, so a deployment never gets a known password.
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb } from '@sleep-ritual/platform/db';
import { seedDemo } from '@sleep-ritual/demo/seed';
import { ensureDemoAudio } from '@sleep-ritual/demo/demo-audio';

if (!process.argv.includes('--demo')) {
  console.error('Nothing to seed. `npm run db:seed -- --demo` loads the demo content (development only).');
  process.exit(64);
}
const config = loadConfigOrExit();
if (config.env === 'production') {
  console.error(
    'Refusing to load the demo content with NODE_ENV=production: it includes a demo learner whose password is public.',
  );
  process.exit(1);
}
const db = createDb(config.databaseUrl, { min: 0, max: 1 });
try {
  await seedDemo(db);
  await ensureDemoAudio(config.mediaDir);
  console.log('demo content ready');
} finally {
  await db.destroy();
}
