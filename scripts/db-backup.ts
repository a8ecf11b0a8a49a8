// Dumps DATABASE_URL into BACKUP_DIR and keeps the BACKUP_KEEP newest dumps.
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { backupDatabase } from '@sleep-ritual/platform/db/backup';
import { exitWith } from './lib/exit-with.ts';

const config = loadConfigOrExit();
const { file, removed } = await backupDatabase(config.databaseUrl, config.backupDir, config.backupKeep).catch(
  exitWith,
);
console.log(`backup written: ${file}`);
for (const old of removed) console.log(`removed old backup: ${old}`);
