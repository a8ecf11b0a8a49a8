// Restores a dump made by `npm run db:backup` into DATABASE_URL: `npm run db:restore -- <file>`.
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { restoreDatabase } from '@sleep-ritual/platform/db/backup';
import { exitWith } from './lib/exit-with.ts';

const file = process.argv[2];
if (!file) {
  console.error('Name the dump to restore: npm run db:restore -- var/backups/<name>.dump');
  process.exit(64);
}
const config = loadConfigOrExit();
await restoreDatabase(config.databaseUrl, file).catch(exitWith);
console.log(`restored ${file} into ${new URL(config.databaseUrl).pathname.slice(1)}`);
