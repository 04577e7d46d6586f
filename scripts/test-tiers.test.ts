// `node --test scripts/` (npm run test:scripts): `npm test` runs every tier even when one fails, and says each one's
// result at the end. Run against a package of its own whose tiers pass or fail on purpose.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const root = join(import.meta.dirname, '..');
const runner = join(root, 'scripts', 'test-tiers.ts');
const dir = mkdtempSync(join(tmpdir(), 'vitrine-test-tiers-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A script that writes `mine`, then waits (up to 20 s) for `theirs` to exist, and says so. */
function meets(mine: string, theirs: string): string {
  return [
    "const fs = require('node:fs')",
    `fs.writeFileSync('${mine}', '')`,
    'const end = Date.now() + 20000',
    `const look = () => fs.existsSync('${theirs}') ? console.log('${mine} met ${theirs}') : Date.now() > end ? process.exit(4) : setTimeout(look, 20)`,
    'look()',
  ].join('; ');
}

writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    name: 'tiers',
    private: true,
    scripts: {
      'test:first': 'node -e "console.log(\'first ran\'); process.exit(3)"',
      'test:second': 'node -e "console.log(\'second ran\')"',
      'test:third': 'node -e "console.log(\'third ran\'); process.exit(1)"',
      // Each writes its file and waits for the other's: both pass only when they run at the same time.
      'test:ping': `node -e "${meets('ping', 'pong')}"`,
      'test:pong': `node -e "${meets('pong', 'ping')}"`,
    },
  }),
);

function tiers(...names: string[]) {
  const result = spawnSync(process.execPath, [runner, ...names], { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_execpath: '' } });
  return { code: result.status, out: result.stdout };
}

test('a failing tier does not stop the next ones; the summary says each result and the exit code is 1', () => {
  const { code, out } = tiers('test:first', 'test:second', 'test:third');
  assert.equal(code, 1, out);
  for (const name of ['first', 'second', 'third']) assert.match(out, new RegExp(`${name} ran`));
  const summary = out.slice(out.indexOf('=== Résultat des tests ==='));
  assert.match(summary, /ÉCHOUÉ\s+test:first\s+\(code 3\)/);
  assert.match(summary, /réussi\s+test:second\s/);
  assert.match(summary, /ÉCHOUÉ\s+test:third\s+\(code 1\)/);
  assert.match(summary, /2 niveaux sur 3 en échec : test:first, test:third\./);
});

test('every tier passed: exit code 0', () => {
  const { code, out } = tiers('test:second');
  assert.equal(code, 0, out);
  assert.match(out, /Tous les niveaux ont réussi \(1\)\./);
});

test('tiers joined by + run side by side, each output printed whole, each result said', () => {
  const { code, out } = tiers('test:second', 'test:ping+test:pong');
  assert.equal(code, 0, out);
  assert.match(out, /=== npm run test:ping ===[\s\S]*ping met pong/);
  assert.match(out, /=== npm run test:pong ===[\s\S]*pong met ping/);
  const summary = out.slice(out.indexOf('=== Résultat des tests ==='));
  assert.match(summary, /réussi\s+test:ping\s/);
  assert.match(summary, /réussi\s+test:pong\s/);
  assert.match(summary, /Tous les niveaux ont réussi \(3\)\./);
});

test('npm test goes through the runner, with every tier of the project, and CI still calls npm test', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const match = /^node scripts\/test-tiers\.ts((?: test:[\w-]+(?:\+test:[\w-]+)*)+)$/.exec(pkg.scripts.test);
  assert.ok(match, pkg.scripts.test);
  const listed = match[1].trim().split(/[ +]/);
  assert.deepEqual(listed, ['test:backend', 'test:sandbox', 'test:scripts', 'test:stripe-check', 'test:frontend', 'test:e2e']);
  for (const tier of listed) assert.ok(pkg.scripts[tier], `${tier} is a script`);
  assert.match(readFileSync(join(root, '.ci', 'run'), 'utf8'), /^npm test$/m);
});
