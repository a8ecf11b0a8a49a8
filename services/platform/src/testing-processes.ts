import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/**
 * The process id of `parent`'s child that runs in services/<workspace> with `variable` (e.g.
 * `WEBHOOKS_PORT=4004`) in its environment: how a test finds one of the start script's processes to kill.
 */
export function childProcessOf(parent: number, workspace: string, variable: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parentOfEntry = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parentOfEntry !== parent) continue;
      if (readlinkSync(`/proc/${entry}/cwd`) !== path.join(repoRoot, 'services', workspace)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(variable)) return Number(entry);
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return undefined;
}
