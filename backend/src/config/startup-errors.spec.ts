import { createServer, type Server } from 'node:net';
import { ConfigError } from './app-config';
import {
  APP_PORT,
  EMBEDDED_POSTGRES_PORT,
  StartupError,
  assertDatabaseReachable,
  assertPortFree,
  databaseMessage,
  portMessage,
  startupMessage,
} from './startup-errors';

/** A port held by a listening server until `close`. */
async function occupiedPort(host = '127.0.0.1'): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as { port: number }).port, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const systemError = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${code} boom`), { code, ...extra });

/** One sentence, as main.ts prints it: one line, no stack trace, ending with a full stop. */
function expectOneSentence(message: string) {
  expect(message).not.toMatch(/\n/);
  expect(message).not.toMatch(/\bat .+:\d+:\d+/);
  expect(message).toMatch(/\.$/);
}

describe('the start-up sentences', () => {
  it("the app's port taken names the port and PORT, with another one to try", () => {
    const message = portMessage('EADDRINUSE', 3000, '0.0.0.0', APP_PORT)!;
    expect(message).toBe(
      "Le port 3000 est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port avec PORT (par exemple PORT=3001).",
    );
    expectOneSentence(message);
  });

  it("the embedded PostgreSQL's port taken names EMBEDDED_POSTGRES_PORT", () => {
    const message = portMessage('EADDRINUSE', 54329, '127.0.0.1', EMBEDDED_POSTGRES_PORT)!;
    expect(message).toBe(
      "Le port 54329 de PostgreSQL embarqué est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port avec " +
        'EMBEDDED_POSTGRES_PORT (par exemple EMBEDDED_POSTGRES_PORT=54330).',
    );
    expectOneSentence(message);
  });

  it('a privileged port and an address of another machine say what to change', () => {
    expect(portMessage('EACCES', 80, '0.0.0.0', APP_PORT)).toBe(
      "Le port 80 est réservé à l'administrateur de cette machine : choisissez un port entre 1024 et 65535 avec PORT.",
    );
    expect(portMessage('EADDRNOTAVAIL', 3000, '10.9.9.9', APP_PORT)).toMatch(
      /^L'adresse 10\.9\.9\.9 n'appartient pas à cette machine : corrigez HOST/,
    );
    expect(portMessage('ENOTFOUND', 3000, 'no-such-host', APP_PORT)).toMatch(
      /^L'adresse no-such-host n'appartient pas à cette machine : corrigez HOST/,
    );
    expect(portMessage('EMFILE', 3000, '0.0.0.0', APP_PORT)).toBeUndefined();
  });

  it('a port really taken stops the start with that sentence; a free one or port 0 goes on', async () => {
    const { port, server } = await occupiedPort();
    try {
      const failure = assertPortFree(port, '127.0.0.1', APP_PORT);
      await expect(failure).rejects.toBeInstanceOf(StartupError);
      await expect(failure).rejects.toThrow(`Le port ${port} est déjà utilisé : arrêtez le programme qui l'occupe`);
    } finally {
      await close(server);
    }
    await expect(assertPortFree(port, '127.0.0.1', APP_PORT)).resolves.toBeUndefined();
    await expect(assertPortFree(0, '127.0.0.1', APP_PORT)).resolves.toBeUndefined();
    await expect(assertPortFree(port, 'no-such-host.invalid', APP_PORT)).rejects.toThrow(
      /^L'adresse no-such-host\.invalid n'appartient pas/,
    );
  });

  it('a port taken proposes a port that is free: the next one held too, it proposes one after', async () => {
    // Two neighbouring ports held, as by another program (the system's first pick retried while its neighbour is taken).
    let held: { port: number; servers: Server[] } | undefined;
    while (!held) {
      const first = await occupiedPort();
      const second = createServer();
      const ok = await new Promise<boolean>((resolve) => {
        second.once('error', () => resolve(false));
        second.listen(first.port + 1, '127.0.0.1', () => resolve(true));
      });
      if (ok) held = { port: first.port, servers: [first.server, second] };
      else await close(first.server);
    }
    try {
      const failure = await assertPortFree(held.port, '127.0.0.1', APP_PORT).then(
        () => undefined,
        (error: Error) => error,
      );
      const proposed = Number(/par exemple PORT=(\d+)\)/.exec(failure!.message)?.[1]);
      expect(proposed).not.toBe(held.port);
      expect(proposed).not.toBe(held.port + 1);
      await expect(assertPortFree(proposed, '127.0.0.1', APP_PORT)).resolves.toBeUndefined();
    } finally {
      for (const server of held.servers) await close(server);
    }
  });

  it('DATABASE_URL: each failure says what to change, never its credentials', () => {
    const url = 'postgres://vitrine:s3cret@db.example.com:6543/shop';
    const messages = {
      refused: databaseMessage(systemError('ECONNREFUSED'), url),
      unknownHost: databaseMessage(systemError('ENOTFOUND'), url),
      password: databaseMessage(systemError('28P01'), url),
      database: databaseMessage(systemError('3D000'), url),
      timeout: databaseMessage(new Error('Connection terminated due to connection timeout'), url),
      other: databaseMessage(new Error('The server does not support SSL connections'), url),
    };
    expect(messages.refused).toBe(
      "PostgreSQL ne répond pas à l'adresse de DATABASE_URL (db.example.com:6543) : démarrez-le, corrigez DATABASE_URL ou retirez-la pour utiliser la base embarquée.",
    );
    expect(messages.timeout).toBe(messages.refused);
    expect(messages.unknownHost).toMatch(/^L'hôte de DATABASE_URL \(db\.example\.com:6543\) est introuvable : corrigez DATABASE_URL/);
    expect(messages.password).toBe(
      "PostgreSQL (db.example.com:6543) refuse l'utilisateur ou le mot de passe de DATABASE_URL : corrigez-les dans DATABASE_URL.",
    );
    expect(messages.database).toBe(
      "La base « shop » n'existe pas sur le serveur de DATABASE_URL (db.example.com:6543) : créez-la ou corrigez DATABASE_URL.",
    );
    expect(messages.other).toBe(
      'PostgreSQL (db.example.com:6543) refuse la connexion de DATABASE_URL (« The server does not support SSL connections ») : corrigez DATABASE_URL.',
    );
    for (const message of Object.values(messages)) {
      expectOneSentence(message);
      expect(message).not.toContain('s3cret');
    }
    // Several addresses tried (localhost: ::1, then 127.0.0.1) fail as one AggregateError.
    const both = new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')], 'connect');
    expect(databaseMessage(both, 'postgres://localhost/db')).toMatch(/ne répond pas à l'adresse de DATABASE_URL \(localhost:5432\)/);
  });

  it('DATABASE_URL nobody listens on stops the start with one sentence', async () => {
    const { port, server } = await occupiedPort();
    await close(server);
    const failure = assertDatabaseReachable(`postgres://u:p@127.0.0.1:${port}/db`, 2000);
    await expect(failure).rejects.toBeInstanceOf(StartupError);
    await expect(failure).rejects.toThrow(
      `PostgreSQL ne répond pas à l'adresse de DATABASE_URL (127.0.0.1:${port}) : démarrez-le, corrigez DATABASE_URL ou retirez-la pour utiliser la base embarquée.`,
    );
  });

  it('main.ts prints an explained failure as is, and a listen or data-folder error as its sentence', () => {
    const config = { port: 3000, host: '0.0.0.0' };
    expect(startupMessage(new StartupError('Une phrase.'), config)).toBe('Une phrase.');
    const invalid = new ConfigError(['PORT doit être un entier entre 0 et 65535 (reçu « abc »)']);
    expect(startupMessage(invalid)).toBe('Configuration invalide :\n  - PORT doit être un entier entre 0 et 65535 (reçu « abc »)');
    // The port taken between the check and the listen (Nest's listen rejects with the server's error).
    expect(startupMessage(systemError('EADDRINUSE', { syscall: 'listen', port: 3000 }), config)).toBe(
      portMessage('EADDRINUSE', 3000, '0.0.0.0', APP_PORT),
    );
    const readOnly = startupMessage(systemError('EACCES', { syscall: 'open', path: '/srv/data/jwt-secret' }));
    expect(readOnly).toBe(
      "Le dossier /srv/data/jwt-secret n'est pas accessible en écriture : donnez-en les droits à cet utilisateur ou choisissez un autre DATA_DIR.",
    );
    for (const message of [startupMessage(new StartupError('Une phrase.')), readOnly]) expectOneSentence(message);
  });

  it('an unexpected error (a bug) keeps its stack, after a French line', () => {
    const message = startupMessage(new TypeError('x is not a function'));
    expect(message).toMatch(/^Le démarrage a échoué sur une erreur inattendue :\nTypeError: x is not a function\n\s+at /);
  });
});
