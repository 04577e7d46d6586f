// A visitor who never signed in: no failing request and no console error on the public pages (the session is
// restored from the refresh cookie only when the server's companion cookie says there is one).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN } from '../app.ts';
import { launch, newPage, signIn } from '../browser.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

/** Third-party frames (the hero's Vimeo player) fail offline here; only our own origin is judged. */
const isOurs = (url: string) => url.startsWith(process.env.BASE_URL ?? 'http://localhost');

describe('anonymous visit', () => {
  it('makes no failing request and logs no console error on /, /contact, /services and /login', async () => {
    const { context, page } = await newPage(browser);
    const failures: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400 && isOurs(res.url()))
        failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    });
    page.on('requestfailed', (req) => {
      if (isOurs(req.url())) failures.push(`${req.failure()?.errorText} ${req.method()} ${new URL(req.url()).pathname}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && isOurs(message.location().url || page.url())) failures.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
    const refreshCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/refresh')) refreshCalls.push(page.url());
    });

    for (const path of ['/', '/contact', '/services', '/login']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Signed out: the header offers to sign in.
      await page.getByRole('link', { name: 'Connexion' }).first().waitFor();
    }
    assert.deepEqual(failures, [], `failing requests or console errors:\n${failures.join('\n')}`);
    assert.deepEqual(refreshCalls, [], 'no refresh call without a session');
    assert.deepEqual(
      (await context.cookies()).map((c) => c.name),
      [],
      'an anonymous visit leaves no cookie',
    );
    await context.close();
  });

  it('signs in, keeps the session across a reload through the companion cookie, and drops it on logout', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const companion = (await context.cookies()).find((c) => c.name === 'vitrine_session');
    assert.ok(companion, 'the companion cookie is set at sign-in');
    assert.equal(companion.value, '1');
    assert.equal(companion.httpOnly, false);
    assert.equal(companion.path, '/');
    assert.equal(companion.sameSite, 'Strict');
    const refresh = (await context.cookies()).find((c) => c.name === 'refresh_token');
    assert.ok(refresh?.httpOnly, 'the refresh token stays httpOnly');
    assert.equal(Math.round(companion.expires), Math.round(refresh.expires), 'both cookies expire together');

    await page.reload();
    await page.getByRole('button', { name: 'Se déconnecter' }).first().waitFor();

    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Connexion' }).first().waitFor();
    assert.deepEqual(
      (await context.cookies()).filter((c) => ['vitrine_session', 'refresh_token'].includes(c.name)),
      [],
      'logout clears both cookies',
    );
    await context.close();
  });
});
