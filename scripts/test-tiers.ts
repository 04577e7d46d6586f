// `npm test`: every test tier, one after the other (on two cores, side by side made each slower by as much as it
// saved: docs/performance-tests.md), each to its end even when an earlier one failed, so that one failure never
// hides the others' results. At the end, one line per tier (passed or failed, its exit code, how long), and exit code 1
// when any failed.
//
//   node scripts/test-tiers.ts test:backend test:sandbox …    each argument an npm script of the package in the working directory
import { spawn } from 'node:child_process';

interface Result {
  tier: string;
  code: number;
  seconds: number;
}

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(tier: string): Promise<Result> {
  const started = Date.now();
  console.log(`\n=== npm run ${tier} ===`);
  return new Promise((done) => {
    const child = spawn(npm[0], [...npm.slice(1), 'run', tier], { stdio: 'inherit' });
    const finish = (code: number) => done({ tier, code, seconds: (Date.now() - started) / 1000 });
    child.once('error', (error) => {
      console.error(`Impossible de lancer npm run ${tier} : ${error.message}`);
      finish(1);
    });
    child.once('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const tiers = process.argv.slice(2);
if (tiers.length === 0) {
  console.error('Donnez les niveaux de tests à lancer : node scripts/test-tiers.ts test:backend test:sandbox …');
  process.exit(2);
}

// Ctrl-C stops the run (npm's children get it from the terminal too), rather than going on to the next tier.
process.once('SIGINT', () => process.exit(130));

const results: Result[] = [];
for (const tier of tiers) results.push(await run(tier));

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
