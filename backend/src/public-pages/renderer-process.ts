import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The child's script beside this file: compiled in dist, TypeScript when the app runs from its sources (the tests). */
const CHILD = join(__dirname, existsSync(join(__dirname, 'renderer-child.js')) ? 'renderer-child.js' : 'renderer-child.ts');

type Answer = { id: number; value?: unknown; error?: string } | { ready: true } | { failed: string };

/**
 * The frontend's server bundle, run in a child process (renderer-child.ts) started on the first call and stopped once
 * it has had nothing to do for `idleMs`: the pages it renders are kept by PublicPagesService, so it runs at start, when
 * the agency's identity changes and for an app address not seen lately, and the app at rest holds none of React's
 * server renderer nor the frontend's code (measured: about 28 MB resident, docs/performance.md). A call made while it
 * is stopped starts it again (about half a second); a child that dies fails the calls in flight, and the next call
 * starts a new one.
 */
export class RendererProcess {
  private child: Promise<ChildProcess> | null = null;
  private current: ChildProcess | null = null;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly bundle: string,
    private readonly idleMs: number,
  ) {}

  /** Calls the bundle's export `name` with `args` (or reads it, when it is not a function). */
  async call<T>(name: string, ...args: unknown[]): Promise<T> {
    if (this.closed) throw new Error('Rendu des pages arrêté');
    clearTimeout(this.idleTimer);
    const id = ++this.nextId;
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    try {
      const child = await this.start();
      child.send({ id, name, args });
      return (await answer) as T;
    } finally {
      this.pending.delete(id);
      if (this.pending.size === 0 && !this.closed) this.idleTimer = setTimeout(() => this.stopChild(), this.idleMs).unref();
    }
  }

  /** Whether the child runs now (the tests and the bench look). */
  get running(): boolean {
    return this.child !== null;
  }

  /** At the app's shutdown. */
  close(): void {
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.stopChild();
  }

  private start(): Promise<ChildProcess> {
    this.child ??= new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(CHILD, [this.bundle], {
        // The app's own NODE_OPTIONS (a bench's probes, a heap limit) are not the renderer's.
        env: { ...process.env, NODE_OPTIONS: '' },
        // Run from its TypeScript source (the tests), the child is told ESM by its syntax: no need to warn about it.
        execArgv: CHILD.endsWith('.ts') ? ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'] : [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (message: Answer) => {
        if ('ready' in message) return resolve(child);
        if ('failed' in message) return reject(new Error(`Rendu des pages impossible : ${message.failed}`));
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        // The child's stack, as if thrown here: the log shows where in the bundle it failed.
        if (message.error !== undefined) waiting.reject(Object.assign(new Error(message.error.split('\n')[0]), { stack: message.error }));
        else waiting.resolve(message.value);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        const error = new Error(`Le rendu des pages s'est arrêté (${signal ?? `code ${code}`})`);
        reject(error);
        // A child stopped for being idle had nothing in flight; one that died fails what it was asked.
        if (this.current !== child) return;
        this.current = null;
        this.child = null;
        for (const waiting of this.pending.values()) waiting.reject(error);
      });
      this.current = child;
    });
    return this.child;
  }

  private stopChild(): void {
    const child = this.current;
    this.current = null;
    this.child = null;
    if (child?.connected) child.disconnect();
    else child?.kill();
  }
}
