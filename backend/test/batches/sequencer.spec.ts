// eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest loads the sequencer as CommonJS
const { order } = require('./sequencer') as { order: (tests: { path: string }[]) => { path: string }[] };

describe("the full run's order", () => {
  it('runs the heavier half of the batches first, then the unit specs in Jest’s order, then the lighter batches', () => {
    const batch = (n: number) => ({ path: `/b/test/batches/${String(n).padStart(2, '0')}.batch.ts` });
    const unit = (name: string) => ({ path: `/b/src/${name}.spec.ts` });
    // Jest's own order: by size here, the batches mixed with the unit specs.
    const jest = [
      unit('order-drafts'),
      batch(3),
      batch(12),
      unit('app-config'),
      batch(1),
      batch(5),
      batch(2),
      batch(4),
      unit('einvoice-corpus'),
    ];
    expect(order(jest).map((t) => t.path.split('/').pop())).toEqual([
      '01.batch.ts',
      '02.batch.ts',
      '03.batch.ts',
      'order-drafts.spec.ts',
      'app-config.spec.ts',
      'einvoice-corpus.spec.ts',
      '04.batch.ts',
      '05.batch.ts',
      '12.batch.ts',
    ]);
  });
});
