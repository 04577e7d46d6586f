// `node --test scripts/` (npm run test:scripts): what makes `npm start` rebuild a workspace, and what does not.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { inputsHash } from './build-changed.ts';

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

test('build output, dependencies and incremental state are not inputs', () => {
  const before = inputsHash(root, 'frontend', []);
  write('frontend/dist/index.html', '<html>');
  write('frontend/dist/.build-hash', before);
  write('frontend/node_modules/.vite/deps.json', '{}');
  write('frontend/coverage/lcov.info', '');
  write('frontend/dist-tools/tools/seed.js', '');
  write('frontend/tsconfig.tsbuildinfo', '{}');
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
