/**
 * Turns concurrent calls into batches without a timer: a lone call is flushed at once; calls that arrive while
 * `maxInFlight` flushes are under way wait and go together in the next one (at most `maxBatch` items). Under load one
 * database round trip serves many requests; at rest nothing waits. `flush` answers one result per item, in order.
 */
export class Coalescer<I, O> {
  private waiting: Array<{ item: I; resolve: (out: O) => void; reject: (error: unknown) => void }> = [];
  private inFlight = 0;

  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly maxInFlight = 1,
    private readonly maxBatch = 500,
  ) {}

  push(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      this.flush(batch.map((b) => b.item))
        .then(
          (out) => batch.forEach((b, i) => b.resolve(out[i])),
          (error: unknown) => batch.forEach((b) => b.reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}
