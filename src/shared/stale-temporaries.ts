import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether a process with this id is running (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporaries in `dir` that a killed process left behind: entries whose name
 * `pattern` matches, with the id of the process that made them as its first capture group, when
 * that process is no longer running. Temporaries of running builds (this one included) are kept.
 * Returns the names removed. A folder that cannot be read is left alone.
 */
export async function removeStaleTemporaries(dir: string, pattern: RegExp): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(pattern.exec(name)?.[1]);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid);
  });
  await Promise.all(stale.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return stale;
}
