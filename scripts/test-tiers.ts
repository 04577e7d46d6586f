// `npm test`: every test tier, each to its end even when an earlier one failed, so that one failure never hides the
// others' results. At the end, one line per tier (passed or failed, its exit code, how long), and exit code 1 when any
// failed. Tiers run one after the other, but those joined by `+` run side by side: the small tiers that mostly wait
// (the sandbox's, the scripts', the Stripe check's) run beside the backend's, whose three Jest workers leave room
// (about 1.5 cores' worth: with the frontend's after them, 238 s one after the other in a CI run, 202 s side by side); the frontend's beside them
// failed a test's 5 s wait and saved nothing, so it runs after (docs/performance-tests.md). A tier run beside others
// has its output printed whole when it ends, so that their lines never mix.
//
//   node scripts/test-tiers.ts test:backend test:sandbox+test:scripts …    each name an npm script of the package in the working directory
import { spawn } from 'node:child_process';

interface Result {
  tier: string;
  code: number;
  seconds: number;
}

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

/** Runs one tier; `alone` streams its output as it comes, otherwise it is printed whole at its end. */
function run(tier: string, alone: boolean): Promise<Result> {
  const started = Date.now();
  const header = `\n=== npm run ${tier} ===`;
  if (alone) console.log(header);
  return new Promise((done) => {
    const child = spawn(npm[0], [...npm.slice(1), 'run', tier], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      if (!alone) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
      done({ tier, code, seconds: (Date.now() - started) / 1000 });
    };
    child.once('error', (error) => {
      console.error(`Impossible de lancer npm run ${tier} : ${error.message}`);
      finish(1);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const steps = process.argv.slice(2).map((step) => step.split('+').filter(Boolean));
const tiers = steps.flat();
if (tiers.length === 0) {
  console.error('Donnez les niveaux de tests à lancer : node scripts/test-tiers.ts test:backend test:sandbox+test:scripts …');
  process.exit(2);
}

// Ctrl-C stops the run (npm's children get it from the terminal too), rather than going on to the next tier.
process.once('SIGINT', () => process.exit(130));

const results: Result[] = [];
for (const step of steps) results.push(...(await Promise.all(step.map((tier) => run(tier, step.length === 1)))));

const seconds = (s: number) => `${s.toLocaleString('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} s`;
const width = Math.max(...tiers.map((t) => t.length));
const failed = results.filter((r) => r.code !== 0);
console.log('\n=== Résultat des tests ===');
for (const r of results) {
  console.log(
    `${r.code === 0 ? 'réussi ' : 'ÉCHOUÉ '} ${r.tier.padEnd(width)}  ${r.code === 0 ? '' : `(code ${r.code}) `}${seconds(r.seconds)}`,
  );
}
console.log(
  failed.length === 0
    ? `Tous les niveaux ont réussi (${results.length}).`
    : `${failed.length} niveau${failed.length > 1 ? 'x' : ''} sur ${results.length} en échec : ${failed.map((r) => r.tier).join(', ')}.`,
);
process.exit(failed.length === 0 ? 0 : 1);
