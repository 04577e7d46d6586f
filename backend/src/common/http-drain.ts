import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  /**
   * Answers of the requests read on this connection and not yet answered (more than one when a client pipelines), in
   * an array of its own rather than a Set of the server's: see the constructor.
   */
  answers: ServerResponse[];
  /** When it last had nothing in flight: accepted, or its last answer finished. */
  idleSince: number;
}

/** Where an answer keeps the connection it is counted on, until its 'close'. */
const CONNECTION = Symbol('connection');
type TrackedResponse = ServerResponse & { [CONNECTION]?: Connection };

/** How long an idle connection is kept once the server stops listening: a request already on its way is still read. */
export const SETTLE_MS = 250;
/** At most this long (and half of the shutdown's timeout) taking the connections waiting: a flood is then refused. */
const ACCEPT_MAX_MS = 5000;

/**
 * The connections of an HTTP server, each with its requests in flight, so that a shutdown closes only what has
 * nothing to answer. Node's own `server.close()` closes every connection without a request in progress at once,
 * including one accepted a moment ago whose request has not been read yet: its client, which has sent it, gets a
 * connection reset (measured: 27 to 31 of 40 requests arriving in the last 50 ms before SIGTERM). Here:
 * - the server stops listening first (a later connection is refused, never accepted then dropped), once the
 *   connections the kernel has already completed are taken. Closing a listening socket resets the connections still
 *   waiting in its queue, and Node takes one of them per turn of its event loop (libuv accepts one connection per
 *   poll phase: strace shows one accept4 per epoll_wait), each turn also running the requests read meanwhile. So the
 *   server closes right after a poll phase that accepted nothing (5 s at most, half the shutdown's timeout). Measured
 *   on a loaded machine with 40 requests arriving in the last 50 ms: stopping right at the signal, or 20 ms later by
 *   the clock, still reset 12 to 34 of them (the queue was still full);
 * - a connection with a request in flight is left to finish it; its answer says `Connection: close`, so Node closes
 *   it right after;
 * - an idle connection (a keep-alive one, or one accepted whose request has not arrived) is closed once no request
 *   is in flight on the server and it has been idle for `settleMs` since the server stopped listening: a request
 *   arriving on it meanwhile is answered (with `Connection: close`) like any other;
 * - after `timeoutMs`, whatever remains is cut.
 * Created before the server listens: it counts from the first connection.
 */
export class ConnectionDrain {
  private readonly connections = new Map<Socket, Connection>();
  private draining = false;
  private accepted = 0;
  private wake?: () => void;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      this.connections.set(socket, { answers: [], idleSince: Date.now() });
      socket.once('close', () => {
        this.connections.delete(socket);
        this.changed();
      });
    });
    // One listener for every answer, no closure made per request: the answer keeps its connection (CONNECTION).
    // The answers in flight are kept in their connection's array, not in one Set of the server's that every request
    // enters and leaves: with such a Set and answers carrying a `writeHead` of their own (compression's, for every
    // browser), every request's objects survived young collections, a full collection every 2 s under load
    // (docs/performance.md, "A Set of answers in flight that kept every request alive").
    const answered = (res: TrackedResponse) => {
      const connection = res[CONNECTION];
      if (connection) {
        const at = connection.answers.indexOf(res);
        if (at >= 0) connection.answers.splice(at, 1);
        connection.idleSince = Date.now();
      }
      this.changed();
    };
    function closed(this: TrackedResponse): void {
      answered(this);
    }
    // First among the 'request' listeners: counted before the app can answer (and finish) it.
    server.prependListener('request', (req: IncomingMessage, res: TrackedResponse) => {
      const connection = this.connections.get(req.socket);
      connection?.answers.push(res);
      if (this.draining) res.setHeader('Connection', 'close');
      res[CONNECTION] = connection;
      // An answer's 'close' comes once: after its 'finish', or alone when the client went away first.
      res.on('close', closed);
    });
  }

  /** Connections open now, and how many have a request in flight. */
  get open(): { connections: number; busy: number } {
    let busy = 0;
    for (const connection of this.connections.values()) if (connection.answers.length > 0) busy += 1;
    return { connections: this.connections.size, busy };
  }

  /** From now on every answer not yet started says `Connection: close`: keep-alive clients reconnect elsewhere. */
  startDraining(): void {
    if (this.draining) return;
    this.draining = true;
    for (const connection of this.connections.values())
      for (const res of connection.answers) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  /**
   * Stops listening, lets every request in flight be answered, closes idle connections as said above; resolves when
   * no connection is left, with the number of connections cut at `timeoutMs` (0 when none had to be).
   */
  async close(timeoutMs: number, settleMs = SETTLE_MS): Promise<number> {
    this.startDraining();
    // Take the connections the kernel has completed first. A setImmediate awaited in the check phase resolves in the
    // next turn's check phase: exactly one poll phase in between, which accepts a waiting connection if there is one.
    // One that accepted nothing found the queue empty; the server stops listening right then, in the same phase.
    const acceptUntil = Date.now() + Math.min(ACCEPT_MAX_MS, timeoutMs / 2);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await nextTurn();
    for (;;) {
      const before = this.accepted;
      await nextTurn();
      if (this.accepted === before || Date.now() >= acceptUntil) break;
    }
    const stopped = Date.now();
    // net.Server's close, not http.Server's: the latter also closes every connection without a request in progress.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(this.server, () => resolve()));
    const deadline = stopped + timeoutMs;
    while (this.connections.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      const busy = this.open.busy > 0;
      let nextCheck = deadline;
      for (const [socket, connection] of this.connections) {
        if (connection.answers.length > 0) continue;
        const closeAt = Math.max(connection.idleSince, stopped) + settleMs;
        if (!busy && closeAt <= now) socket.destroy();
        else nextCheck = Math.min(nextCheck, Math.max(closeAt, now + 10));
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(nextCheck, deadline) - Date.now()));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    const cut = this.connections.size;
    for (const socket of this.connections.keys()) socket.destroy();
    await closed;
    return cut;
  }

  private changed(): void {
    this.wake?.();
  }
}
