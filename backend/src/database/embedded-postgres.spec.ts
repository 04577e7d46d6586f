import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StartupError } from '../config/startup-errors';
import { leaveSignalsToTheApp, reason, runningServer, startEmbeddedPostgres } from './embedded-postgres';

/** A live process that /proc calls 'postgres', as a running server's postmaster is. */
async function fakePostmaster(): Promise<{ pid: number; stop(): void }> {
  const child = spawn(process.execPath, ['-e', "process.title = 'postgres'; console.log('ready'); setInterval(() => {}, 1e6)"], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

/** A DATA_DIR the embedded server could use (it runs as the 'postgres' user when we are root). */
function dataDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `vitrine-pg-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

/** A fresh data folder that looks initialised, with a postmaster.pid naming `pid`. */
function dataFolder(name: string, pid?: number): string {
  const dir = join(dataDir(name), 'postgres');
  mkdirSync(dir);
  writeFileSync(join(dir, 'PG_VERSION'), '18\n');
  // The running server's pid file, as PostgreSQL writes it (its first line is the postmaster's pid).
  if (pid !== undefined) writeFileSync(join(dir, 'postmaster.pid'), `${pid}\n${dir}\n`);
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('embedded PostgreSQL', () => {
  it('refuses, in one French sentence, a data folder whose server another instance is running', async () => {
    const postmaster = await fakePostmaster();
    try {
      const dir = dataFolder('in-use', postmaster.pid);
      const failure = startEmbeddedPostgres(dir, await freePort());
      await expect(failure).rejects.toBeInstanceOf(StartupError);
      await expect(failure).rejects.toThrow(
        `Une autre instance utilise déjà le dossier de données ${join(dir, '..')} (son PostgreSQL embarqué, pid ${postmaster.pid}, ` +
          `tourne encore) : arrêtez-la ou choisissez un autre DATA_DIR (plusieurs instances partagent une base avec DATABASE_URL).`,
      );
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(true);
    } finally {
      postmaster.stop();
    }
  });

  it('still removes the pid file of a server that died, or whose pid another program has since, and goes on', async () => {
    for (const pid of [999999999, process.pid]) {
      const dir = dataFolder('stale', pid);
      expect(runningServer(dir)).toBeUndefined();
      // Past the pid checks, the fake folder makes the real start fail: one sentence, not the "in use" one.
      const failure = startEmbeddedPostgres(dir, await freePort());
      await expect(failure).rejects.toBeInstanceOf(StartupError);
      await expect(failure).rejects.toThrow(
        /^PostgreSQL embarqué ne démarre pas dans .* \(« .+ »\) : corrigez ce dossier ou choisissez un autre DATA_DIR\.$/,
      );
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
    }
  });

  it('says which variable to change when its port is taken, before creating anything', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const dir = join(dataDir('port'), 'postgres');
      const failure = startEmbeddedPostgres(dir, port);
      await expect(failure).rejects.toBeInstanceOf(StartupError);
      // The port it suggests is one free when it said so: the next one, unless another run took it meanwhile.
      const message = await failure.then(
        () => '',
        (error: Error) => error.message,
      );
      const suggested = /EMBEDDED_POSTGRES_PORT=(\d+)\)\.$/.exec(message)?.[1];
      expect(message).toBe(
        `Le port ${port} de PostgreSQL embarqué est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port ` +
          `avec EMBEDDED_POSTGRES_PORT (par exemple EMBEDDED_POSTGRES_PORT=${suggested}).`,
      );
      expect(Number(suggested)).toBeGreaterThan(port);
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('finds why the server stopped in what it printed', () => {
    const output = [
      '2026-11-24 17:00:00.000 UTC [42] LOG:  starting PostgreSQL 18',
      '2026-11-24 17:00:00.001 UTC [42] FATAL:  data directory "/d" has invalid permissions',
      '2026-11-24 17:00:00.002 UTC [42] DETAIL:  Permissions should be u=rwx (0700) or u=rwx,g=rx (0750).',
      '',
    ].join('\n');
    expect(reason(output)).toBe('data directory "/d" has invalid permissions');
    expect(reason('[STDERR] initdb: error: directory "/d" exists but is not empty\n')).toBe(
      'initdb: error: directory "/d" exists but is not empty',
    );
    expect(reason('')).toBe('');
  });
});

describe('signals with an embedded PostgreSQL', () => {
  it('are left to the app (which drains, then stops the server): the package no longer stops it on SIGTERM or SIGINT', () => {
    const remaining = leaveSignalsToTheApp();
    expect(remaining).not.toContain('SIGTERM');
    expect(remaining).not.toContain('SIGINT');
    // Any other exit still stops the server.
    expect(remaining).toContain('exit');
  });
});
