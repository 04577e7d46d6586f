// Shared helpers for the journeys: one Chromium per test file, a fresh context per test.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN } from './app.ts';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const ARTIFACTS = process.env.ARTIFACTS_DIR ?? join(process.cwd(), 'e2e', 'artifacts');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** A screenshot in the artifacts: the whole page, or only what the window shows (a dialog over the page). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** On /login: fills the form and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs in as the admin seeded at start (see e2e/app.ts) and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
}

/** The link of the latest mail to `to`, read from the admin mail log as an admin would. */
export async function capturedLink(to: string, template: string): Promise<string> {
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${BASE_URL}/api/admin/emails?recipient=${encodeURIComponent(to)}`, { headers: { Authorization: `Bearer ${access_token}` } });
    const { emails } = (await res.json()) as { emails: Array<{ template: string; status: string; actionUrl: string | null }> };
    const mail = emails.find((e) => e.template === template && e.status === 'captured');
    if (mail?.actionUrl) return mail.actionUrl;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`aucun e-mail ${template} capturé pour ${to}`);
}
