// Jest's order for the full run: the heavier half of the e2e batches first, heaviest first (01.batch.ts is the
// heaviest and each next one lighter: partition.ts), then the unit specs in Jest's own order, then the lighter half of
// the batches. The unit specs include a few long ones (the e-invoice corpus, 25–40 s, in a small file that Jest's
// order by size puts last): run after every batch, the longest ended the tier alone while the other workers idled;
// before the light batches, those fill the workers' last minutes instead.
const Sequencer = require('@jest/test-sequencer').default;

const batchNumber = (path) => Number(/[/\\](\d+)\.batch\.ts$/.exec(path)?.[1] ?? Infinity);

/** The order above, from Jest's own (`sorted`: anything with a `path`). */
function order(sorted) {
  const batches = sorted.filter((t) => batchNumber(t.path) !== Infinity).sort((a, b) => batchNumber(a.path) - batchNumber(b.path));
  const unit = sorted.filter((t) => batchNumber(t.path) === Infinity);
  const heavy = Math.ceil(batches.length / 2);
  return [...batches.slice(0, heavy), ...unit, ...batches.slice(heavy)];
}

class HeavyBatchesFirst extends Sequencer {
  async sort(tests) {
    return order(await super.sort(tests));
  }
}

module.exports = HeavyBatchesFirst;
module.exports.order = order;
