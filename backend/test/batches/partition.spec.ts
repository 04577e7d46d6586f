import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { batchCount, filesOfBatch } from './batches';
import { partition } from './partition';

describe('the e2e batches of npm test', () => {
  it('run every e2e spec file, each exactly once', () => {
    const specs = readdirSync(join(__dirname, '..')).filter((f) => f.endsWith('.e2e-spec.ts'));
    const batched = Array.from({ length: batchCount() }, (_, i) => filesOfBatch(i + 1)).flat();
    expect(batched.sort()).toEqual(specs.sort());
    expect(batchCount()).toBeGreaterThan(1);
  });

  it('packs into exactly the batches asked, the heaviest first', () => {
    const files = [40, 30, 20, 10, 8, 6, 4, 2, 1, 1].map((seconds, i) => ({ name: `f${i}`, seconds }));
    const batches = partition(files, 4, 5);
    expect(batches).toHaveLength(4);
    expect(batches.flat().sort()).toEqual(files.map((f) => f.name).sort());
    const weight = (b: string[]) => b.reduce((s, name) => s + files.find((f) => f.name === name)!.seconds, 0);
    const weights = batches.map(weight);
    expect(weights[0]).toBe(Math.max(...weights));
    expect(weights[1]).toBeGreaterThanOrEqual(weights[2]);
    // Fewer files than batches: the last batches are empty, nothing is lost.
    expect(partition(files.slice(0, 2), 4).flat().sort()).toEqual(['f0', 'f1']);
  });
});
