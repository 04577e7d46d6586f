// Browser tier: starts the built product as `npm start` does (see app.ts), then runs the journeys in Debian's
// Chromium with Node's test runner.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuiltApp, root, startBuiltApp } from './app.ts';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const only = process.argv.slice(2);

// Without Chromium the browser tier fails (so `npm test` never passes without having run it), unless the developer
// says to skip it with SKIP_BROWSER=1, and then it says so.
if (!existsSync(chromium)) {
  const message = `Chromium introuvable (${chromium}) : les parcours navigateur ne peuvent pas tourner. Installez-le : sudo apt-get install -y chromium (ou CHROMIUM_PATH=...).`;
  if (process.env.SKIP_BROWSER === '1' && process.env.CI !== 'true') {
    console.warn(`ATTENTION : ${message} SKIP_BROWSER=1 : parcours navigateur NON exécutés.`);
    process.exit(0);
  }
  console.error(`ÉCHEC : ${message} (SKIP_BROWSER=1 les saute hors CI.)`);
  process.exit(1);
}

const artifacts = join(root, 'e2e', 'artifacts');
mkdirSync(artifacts, { recursive: true });

let code = 1;
let app: BuiltApp | undefined;
try {
  const logFile = join(artifacts, 'app.log');
  writeFileSync(logFile, '');
  app = await startBuiltApp('e2e', undefined, { logFile });
  const files = readdirSync(join(root, 'e2e', 'journeys'))
    .filter((f) => f.endsWith('.test.ts'))
    // `node e2e/run.ts order checkout`: only the journeys whose file names contain one of these words.
    .filter((f) => only.length === 0 || only.some((word) => f.includes(word)))
    .map((f) => join('e2e', 'journeys', f));
  const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    cwd: root,
    env: { ...process.env, BASE_URL: app.baseUrl, CHROMIUM_PATH: chromium, ARTIFACTS_DIR: artifacts, APP_LOG_FILE: logFile },
    stdio: 'inherit',
  });
  code = await new Promise<number>((resolve) => runner.once('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(`Parcours navigateur impossibles : ${(error as Error).message}`);
} finally {
  const exit = await app?.stop();
  if (app && exit !== 0) {
    console.error(`L'application ne s'est pas arrêtée proprement (code ${exit}).\n--- journal ---\n${app.log().slice(-4000)}`);
    code = code || 1;
  }
}
console.log(`Captures d'écran : ${artifacts}`);
process.exit(code);
