// scripts/stripe-check.ts refuses what it must not run against, before it starts anything (one French sentence, exit 1).
import { spawnSync } from 'node:child_process';
import { strict as assert } from 'node:assert';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'stripe-check.ts');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });

test('refuses a live key, whatever else is set', () => {
  for (const key of ['sk_live_abc123', 'rk_live_abc123']) {
    const out = run({ STRIPE_SECRET_KEY: key, STRIPE_CHECK_APP_URL: 'http://localhost:3000' });
    assert.equal(out.status, 1);
    assert.match(out.stderr, /refuse une clé live/);
    assert.equal(out.stdout, '');
  }
});

test('with a test key, asks for the address of the product running with it', () => {
  const out = run({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_CHECK_APP_URL: '' });
  assert.equal(out.status, 1);
  assert.match(out.stderr, /STRIPE_CHECK_APP_URL=https:\/\//);
});

test('refuses a key that is not a Stripe secret key', () => {
  const out = run({ STRIPE_SECRET_KEY: 'pk_test_abc123' });
  assert.equal(out.status, 1);
  assert.match(out.stderr, /doit être une clé du mode test/);
});
