import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leaveSignalsToTheApp, startEmbeddedPostgres } from './embedded-postgres';

describe('embedded PostgreSQL', () => {
  it('refuses, in French, a data folder whose server another instance is running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-pg-in-use-'));
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    // The running server's pid file, as PostgreSQL writes it (its first line is the postmaster's pid).
    writeFileSync(join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n`);
    await expect(startEmbeddedPostgres(dir, 1)).rejects.toThrow(
      new RegExp(`PostgreSQL embarqué : le dossier ${dir} est déjà utilisé par un autre serveur \\(pid ${process.pid}\\).*DATABASE_URL`),
    );
  });

  it('still removes the pid file of a server that died, and goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-pg-stale-'));
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    writeFileSync(join(dir, 'postmaster.pid'), '999999999\n');
    // Past the pid checks, the fake folder makes the real start fail: anything but the "in use" message.
    await expect(startEmbeddedPostgres(dir, 1)).rejects.not.toThrow(/déjà utilisé/);
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
