import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { waitForState } from '../../test/helpers/wait';
import { ConnectionDrain } from './http-drain';

/** The project's wait for a state (never a delay), for checks that are synchronous here. */
const until = (what: string, check: () => boolean) => waitForState(what, async () => check());

/**
 * The answers in flight, kept per connection (common/http-drain.ts): counted while unanswered, each told
 * `Connection: close` once the drain starts, pipelined ones included, and forgotten once answered.
 */
describe('ConnectionDrain', () => {
  let server: Server;
  let drain: ConnectionDrain;
  let held: ServerResponse[];
  let port: number;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    held = [];
    server = createServer((_req: IncomingMessage, res: ServerResponse) => held.push(res));
    drain = new ConnectionDrain(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await drain.close(1000, 0);
  });

  /** A raw connection sending `count` pipelined requests at once; resolves to everything the server wrote back. */
  function pipelined(count: number): { received: Promise<string> } {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(count));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    return { received: new Promise((resolve) => socket.on('close', () => resolve(text))) };
  }

  it('tells every answer not yet started to close its connection, pipelined ones and other connections too', async () => {
    const first = pipelined(2);
    const second = pipelined(1);
    // Node hands pipelined requests to the app as it reads them, and writes their answers in order.
    await until('three requests held', () => held.length === 3);
    expect(drain.open).toEqual({ connections: 2, busy: 2 });

    drain.startDraining();
    expect(held.map((res) => res.getHeader('Connection'))).toEqual(['close', 'close', 'close']);
    held.splice(0).forEach((res) => res.end('ok'));

    const answers = (await Promise.all([first.received, second.received])).map((text) => text.split(/(?=^HTTP\/1\.1 )/m));
    expect(answers[0].length).toBeGreaterThanOrEqual(1);
    expect(answers[1]).toHaveLength(1);
    for (const answer of answers.flat()) expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n(.+\r\n)*Connection: close\r\n/i);
    await until('both connections closed', () => drain.open.connections === 0);
  });

  it('forgets an answer once it is sent: the connection is idle again, and an answer started before the drain is left as it was', async () => {
    pipelined(1);
    await until('the request held', () => held.length === 1);
    const res = held.pop()!;
    res.writeHead(200, { 'Content-Length': '2' });
    drain.startDraining();
    expect(res.getHeader('Connection')).toBeUndefined();
    res.end('ok');
    await until('the answer forgotten', () => drain.open.busy === 0);
    expect(drain.open.connections).toBeLessThanOrEqual(1);
  });
});
