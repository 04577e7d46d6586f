// `npm test`: every test tier. The backend tier runs beside the light ones (sandbox, scripts, frontend), which do
// not share its database, ports or files; the browser tier, which builds and starts the product, runs last, alone.
// Each tier's output is printed whole when it ends, with its time; the exit code is non-zero if any tier failed.
import { spawn } from 'node:child_process';

type Tier = string;
const lanes: Tier[][] = [['test:backend'], ['test:sandbox', 'test:scripts', 'test:frontend']];
const last: Tier[] = ['test:e2e'];

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(tier: Tier): Promise<boolean> {
  const started = Date.now();
  const child = spawn(npm[0], [...npm.slice(1), 'run', tier], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const output: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d));
  child.stderr.on('data', (d: Buffer) => output.push(d));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n===== ${tier}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds} s =====\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    }),
  );
}

async function lane(tiers: Tier[]): Promise<boolean> {
  let ok = true;
  for (const tier of tiers) ok = (await run(tier)) && ok;
  return ok;
}

const started = Date.now();
const parallel = await Promise.all(lanes.map(lane));
const ok = parallel.every(Boolean) && (await lane(last));
process.stdout.write(`\n===== every tier ${ok ? 'passed' : 'did not pass'} in ${Math.round((Date.now() - started) / 1000)} s =====\n`);
process.exit(ok ? 0 : 1);
