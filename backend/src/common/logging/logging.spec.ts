import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { requestIdOf } from './http-logger';
import { createLogger, REDACTED, requestLineLogger, requestLoggers } from './logger';
import { PinoNestLogger } from './nest-logger';

function capture(level: 'debug' | 'info' = 'debug') {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ format: 'json', level }, destination) };
}

describe('request ids', () => {
  it('keeps a sane X-Request-Id and replaces anything else by a UUID', () => {
    expect(requestIdOf('abc-123_DEF.456')).toBe('abc-123_DEF.456');
    expect(requestIdOf('x'.repeat(128))).toBe('x'.repeat(128));
    for (const sent of ['x'.repeat(129), 'deux mots', 'a\nb', '<script>', '', undefined, ['a', 'b']])
      expect(requestIdOf(sent)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the logger', () => {
  it('writes JSON lines with an ISO time and the level by name, and masks secret fields wherever code logs an object', () => {
    const { lines, logger } = capture();
    logger.info({ password: 'p1', user: { token: 't1', name: 'Camille' }, headers: { authorization: 'Bearer x', cookie: 'c' } }, 'hello');
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'hello',
      password: REDACTED,
      user: { token: REDACTED, name: 'Camille' },
      headers: { authorization: REDACTED, cookie: REDACTED },
    });
    expect(new Date(lines[0].time as string).toISOString()).toBe(lines[0].time);
  });

  it("routes Nest's Logger calls: context, error stacks, framework chatter at debug, the request's id inside a request", () => {
    const { lines, logger } = capture();
    const nest = new PinoNestLogger(logger);
    nest.log('Prêt', 'Bootstrap');
    nest.error('Échec', 'Error: boom\n    at somewhere (file.ts:1:1)', 'HTTP');
    nest.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    nest.warn({ event: 'retry', attempt: 2 }, 'Mail');
    requestLoggers.run({ requestId: 'req-1', root: logger, rateLimitRemaining: Infinity }, () => nest.log('dans la requête', 'Mail'));
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', context: 'Bootstrap', msg: 'Prêt' }),
      expect.objectContaining({ level: 'error', context: 'HTTP', msg: 'Échec', stack: expect.stringContaining('at somewhere') }),
      expect.objectContaining({ level: 'debug', context: 'RouterExplorer' }),
      expect.objectContaining({ level: 'warn', context: 'Mail', event: 'retry', attempt: 2 }),
      expect.objectContaining({ level: 'info', context: 'Mail', requestId: 'req-1', msg: 'dans la requête' }),
    ]);
  });

  it('writes request lines to the same destination, in the same format and at the same level, without the redaction pass', () => {
    const { lines, logger } = capture('info');
    const requestLines = requestLineLogger(logger);
    expect(requestLines).not.toBe(logger);
    requestLines.debug({ route: '/api/health' }, 'sous le niveau');
    requestLines.info(
      { requestId: 'req-2', method: 'GET', route: '/api/auth/me', status: 200, durationMs: 2 },
      'GET /api/auth/me 200 2 ms',
    );
    logger.info({ token: 't' }, 'ligne de l’app');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', requestId: 'req-2', route: '/api/auth/me', status: 200, msg: 'GET /api/auth/me 200 2 ms' }),
      expect.objectContaining({ level: 'info', token: REDACTED }),
    ]);
    expect(new Date(lines[0].time as string).toISOString()).toBe(lines[0].time);
  });

  it('writes nothing below its level', () => {
    const { lines, logger } = capture('info');
    new PinoNestLogger(logger).debug('détail', 'Mail');
    expect(lines).toEqual([]);
  });
});

describe('JSON lines on standard output (production)', () => {
  /** A process that logs through createLogger's default destination, then does `then` (a JS statement). */
  function run(then: string) {
    const script = `import('./src/common/logging/logger.ts').then(({ createLogger }) => {
      const log = createLogger({ format: 'json', level: 'info' });
      ${then}
    });`;
    const child = spawn(process.execPath, ['--no-warnings', '-e', script], {
      cwd: join(__dirname, '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    return { child, out, exited };
  }
  const until = async (condition: () => boolean, ms: number) => {
    for (const start = Date.now(); !condition() && Date.now() - start < ms;) await new Promise((r) => setTimeout(r, 20));
  };

  it('writes every line waiting in the batch when the process exits at once', async () => {
    const { out, exited } = run(`for (let i = 1; i <= 3; i++) log.info('ligne ' + i); process.exit(0);`);
    expect(await exited).toBe(0);
    expect(
      out.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(['ligne 1', 'ligne 2', 'ligne 3']);
  });

  it('keeps a line in its batch (no write per line), then writes it within about a second', async () => {
    // The event loop is held 3 s after the line: a write per line would have sent it at once.
    const { child, out, exited } = run(
      `log.info('attendue'); process.stderr.write('logged\\n'); const end = Date.now() + 3000; while (Date.now() < end);
       setTimeout(() => process.exit(0), 5000);`,
    );
    await until(() => out.stderr.includes('logged'), 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(out.stdout).toBe('');
    await until(() => out.stdout.includes('attendue'), 10_000);
    expect(out.stdout).toContain('"msg":"attendue"');
    child.kill();
    await exited;
  }, 30_000);
});
