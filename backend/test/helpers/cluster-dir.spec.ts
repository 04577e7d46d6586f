import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterParent } from './cluster-dir';

describe('where the tests’ PostgreSQL cluster lives', () => {
  it('in memory when the folder is writable and has the room asked', () => {
    const memory = mkdtempSync(join(tmpdir(), 'vitrine-memory-'));
    try {
      expect(clusterParent(memory, 1)).toBe(memory);
    } finally {
      rmSync(memory, { recursive: true, force: true });
    }
  });

  it('in the temporary folder when the memory folder is too small (a container’s 64 MB /dev/shm) or missing', () => {
    const memory = mkdtempSync(join(tmpdir(), 'vitrine-memory-'));
    try {
      expect(clusterParent(memory, Number.MAX_SAFE_INTEGER)).toBe(tmpdir());
      expect(clusterParent(join(memory, 'missing'), 1)).toBe(tmpdir());
    } finally {
      rmSync(memory, { recursive: true, force: true });
    }
  });
});
