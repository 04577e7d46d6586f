import { accessSync, constants, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where the run's throwaway cluster lives: in memory (/dev/shm) when the machine gives it room, else the temporary
 * folder. Each test file's database is a copy of the template, dropped at its end: about 600 files created and
 * deleted each time, and on ext4 their search for free inodes took an eighth of the backend tier's CPU
 * (docs/performance-tests.md). A container's /dev/shm is often 64 MB: too small, and then the disk is used.
 */
export function clusterParent(memory = '/dev/shm', minimumBytes = 2 * 1024 ** 3): string {
  try {
    accessSync(memory, constants.W_OK);
    const { bavail, bsize } = statfsSync(memory);
    if (bavail * bsize >= minimumBytes) return memory;
  } catch {
    // no such folder, or not writable: the temporary folder
  }
  return tmpdir();
}
