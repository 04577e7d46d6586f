// `node --test scripts/` (npm run test:scripts): what makes `npm start` rebuild a workspace, and what does not.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { inputsHash, lock } from './build-changed.ts';

const root = mkdtempSync(join(tmpdir(), 'vitrine-build-changed-'));
after(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
write('package-lock.json', '{}');
write('tsconfig.json', '{}');
write('frontend/src/main.tsx', 'export {};');
write('frontend/vite.config.ts', 'export default {};');

test('the same inputs give the same hash: an unchanged tree builds nothing', () => {
  assert.equal(inputsHash(root, 'frontend', []), inputsHash(root, 'frontend', []));
});

test('build output, dependencies, caches and incremental state are not inputs', () => {
  const before = inputsHash(root, 'frontend', []);
  write('frontend/dist/index.html', '<html>');
  write('frontend/dist/.build-hash', before);
  write('frontend/node_modules/.vite/deps.json', '{}');
  write('frontend/coverage/lcov.info', '');
  write('frontend/dist-tools/tools/seed.js', '');
  write('frontend/tsconfig.tsbuildinfo', '{}');
  write('frontend/.cache/einvoice/stylesheet.sef.json', '{}');
  assert.equal(inputsHash(root, 'frontend', []), before);
});

test('a changed, added or renamed source, config or lockfile rebuilds', () => {
  const hashes = new Set([inputsHash(root, 'frontend', [])]);
  write('frontend/src/main.tsx', 'export const changed = 1;');
  hashes.add(inputsHash(root, 'frontend', []));
  write('frontend/src/new.ts', '');
  hashes.add(inputsHash(root, 'frontend', []));
  rmSync(join(root, 'frontend/src/new.ts'));
  write('frontend/src/renamed.ts', '');
  hashes.add(inputsHash(root, 'frontend', []));
  write('package-lock.json', '{"lockfileVersion":3}');
  hashes.add(inputsHash(root, 'frontend', []));
  write('tsconfig.json', '{"strict":true}');
  hashes.add(inputsHash(root, 'frontend', []));
  assert.equal(hashes.size, 6);
});

test('a build-time variable (VITE_*) rebuilds the frontend', () => {
  const before = inputsHash(root, 'frontend', ['VITE_API_URL']);
  process.env.VITE_API_URL = 'https://api.example.com';
  try {
    assert.notEqual(inputsHash(root, 'frontend', ['VITE_API_URL']), before);
  } finally {
    delete process.env.VITE_API_URL;
  }
});

/** A throwaway project: this script, and two workspaces whose builds empty their dist as Vite's and Nest's do. */
function project(): { dir: string; run(...args: string[]): string; builds(): string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-build-stamps-'));
  const put = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  put('scripts/build-changed.ts', readFileSync(join(import.meta.dirname, 'build-changed.ts'), 'utf8'));
  put('scripts/package.json', '{ "type": "module" }');
  put('package.json', JSON.stringify({ name: 'p', private: true, workspaces: ['frontend', 'backend'] }));
  put('package-lock.json', '{}');
  put('tsconfig.json', '{}');
  for (const workspace of ['frontend', 'backend']) {
    const build = `const fs = require('fs'); fs.rmSync('dist', { recursive: true, force: true }); fs.mkdirSync('dist'); fs.appendFileSync('../builds.log', '${workspace}\\n');`;
    put(`${workspace}/package.json`, JSON.stringify({ name: workspace, scripts: { build: `node -e "${build}"` } }));
    put(`${workspace}/src/main.ts`, 'export {};');
  }
  return {
    dir,
    run: (...args) =>
      execFileSync(process.execPath, [join(dir, 'scripts', 'build-changed.ts'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    builds: () => (existsSync(join(dir, 'builds.log')) ? readFileSync(join(dir, 'builds.log'), 'utf8').split('\n').filter(Boolean) : []),
  };
}

test('npm run build is this script with --force: it stamps what it builds', () => {
  const rootPackage = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  assert.equal(rootPackage.scripts.build, 'node scripts/build-changed.ts --force');
});

test('after --force (npm run build, npm test), the next npm start builds nothing; a change rebuilds only its workspace', () => {
  const p = project();
  try {
    p.run('--force');
    assert.deepEqual(p.builds(), ['frontend', 'backend']);
    // The workspaces' own builds emptied dist: the stamps were written after them.
    assert.ok(existsSync(join(p.dir, 'frontend', 'dist', '.build-hash')) && existsSync(join(p.dir, 'backend', 'dist', '.build-hash')));
    const again = p.run();
    assert.deepEqual(p.builds(), ['frontend', 'backend']);
    assert.match(again, /frontend : inchangé depuis sa dernière construction\nbackend : inchangé depuis sa dernière construction/);
    writeFileSync(join(p.dir, 'backend', 'src', 'main.ts'), 'export const changed = 1;');
    p.run('frontend');
    assert.deepEqual(p.builds(), ['frontend', 'backend'], 'only the workspace named is looked at');
    p.run('backend');
    p.run();
    assert.deepEqual(p.builds(), ['frontend', 'backend', 'backend']);
  } finally {
    rmSync(p.dir, { recursive: true, force: true });
  }
});

test('one build of a workspace at a time: a second builder waits for the first, then finds it built', async () => {
  // Held here as a builder would: `npm test` runs tiers side by side that each ask for the backend.
  const unlock = lock('backend');
  const second = spawn(process.execPath, [join(import.meta.dirname, 'build-changed.ts'), 'backend'], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    second.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  await new Promise<void>((resolve) =>
    second.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('une autre construction est en cours')) resolve();
    }),
  );
  assert.equal(exited, false, out);
  unlock();
  assert.equal(await exit, 0, out);
});
