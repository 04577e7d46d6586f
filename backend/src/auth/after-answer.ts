import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

const AFTER_ANSWER_MS = 50;

/**
 * Work started once the answer is on its way, so the answer cannot tell by its timing what the work found (does this
 * address have an account?). Failures are logged, never thrown at the caller; shutdown waits for what is running.
 */
@Injectable()
export class AfterAnswer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('AfterAnswer');
  private readonly running = new Set<Promise<void>>();

  /**
   * Starts `task` a moment (AFTER_ANSWER_MS) after the current request has answered, once the answer has left: its
   * work then never shares the event loop with the writing of that answer.
   */
  run(name: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, AFTER_ANSWER_MS))
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error(`${name} : ${(error as Error).message}`),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every task started so far has ended. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.settled();
  }
}
