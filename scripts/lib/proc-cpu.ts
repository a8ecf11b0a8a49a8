import { readFile } from 'node:fs/promises';

/** CPU time of a process and its children (nginx's workers) from /proc, in microseconds. */
export async function procCpuMicros(pid: number): Promise<number> {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim();
  const theirs = await Promise.all(
    children ? children.split(' ').map((child) => procCpuMicros(Number(child))) : [],
  );
  return own + theirs.reduce((sum, value) => sum + value, 0);
}
