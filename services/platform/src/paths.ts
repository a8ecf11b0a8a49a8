import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's root folder, wherever the process was started from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
