// Jest's order for the full run: the e2e batches first, heaviest first (01.batch.ts is the heaviest: partition.ts),
// then the unit specs, short, in Jest's own order, to fill the workers' last minutes.
const Sequencer = require('@jest/test-sequencer').default;

const batchNumber = (path) => Number(/[/\\](\d+)\.batch\.ts$/.exec(path)?.[1] ?? Infinity);

class BatchesFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const batches = sorted.filter((t) => batchNumber(t.path) !== Infinity).sort((a, b) => batchNumber(a.path) - batchNumber(b.path));
    return [...batches, ...sorted.filter((t) => batchNumber(t.path) === Infinity)];
  }
}

module.exports = BatchesFirst;
