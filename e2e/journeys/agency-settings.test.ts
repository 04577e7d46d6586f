// The operator's identity: an admin changes the agency's phone number on 'Paramètres de l'agence', a typo in the SIRET
// is refused under its field first; the legal notice and the contact page show the new number, to the admin and to a
// visitor. The journey puts the number back at the end (the other journeys share the app).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectFailures, launch, newPage, PHONE, screenshot, signInAsAdmin } from '../browser.ts';
import { adminToken } from '../orders.ts';

let browser: Browser;
let original: Record<string, unknown> & { phone: string };
const suffix = String(Math.floor(Math.random() * 90) + 10);
const newPhone = `04 78 12 34 ${suffix}`;
const newPhoneHref = `tel:+334781234${suffix}`;

async function settingsApi(method: 'GET' | 'PUT', body?: unknown): Promise<Record<string, unknown> & { phone: string }> {
  const res = await fetch(`${BASE_URL}/api/admin/agency-settings`, {
    method,
    headers: { Authorization: `Bearer ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, unknown> & { phone: string };
}

before(async () => {
  browser = await launch();
  original = await settingsApi('GET');
});
after(async () => {
  const { savedAt: _savedAt, ...form } = original;
  await settingsApi('PUT', form);
  await browser.close();
});

/** The legal notice and the contact page: reached through the footer's links in the same visit, or loaded afresh. */
async function expectPhoneOnPublicPages(page: Page, via: 'footer' | 'load'): Promise<void> {
  const open = async (name: string, path: string) => {
    if (via === 'load') await page.goto(path);
    else await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await page.waitForURL(`**${path}`);
  };
  await open('Mentions légales', '/mentions-legales');
  const publisher = page.getByRole('listitem').filter({ hasText: 'Téléphone :' });
  await publisher.waitFor();
  assert.match((await publisher.textContent()) ?? '', new RegExp(`Téléphone : ${newPhone} — e-mail`));
  assert.ok(!(await page.getByText(original.phone).count()), 'the legal notice still shows the old number');

  await open('Contact', '/contact');
  const call = page.getByRole('link', { name: `Appeler le ${newPhone}` });
  await call.waitFor();
  assert.equal(await call.getAttribute('href'), newPhoneHref);
  assert.ok(await page.getByRole('link', { name: new RegExp(`Nous appeler ${newPhone}`) }).isVisible());
  // The footer too, on every page.
  assert.equal(await page.getByRole('contentinfo').getByRole('link', { name: newPhone }).getAttribute('href'), newPhoneHref);
}

describe("the agency's settings", () => {
  it('an admin changes the phone number; the legal notice and the contact page show it', async () => {
    const { context, page } = await newPage(browser);
    // A SIRET with a typo is refused on purpose: the API answers 400 with the field's message.
    expectFailures(page, /^400 PUT \/api\/admin\/agency-settings$/);
    await context.addInitScript(() => window.localStorage.setItem('adminMode', '1'));
    await signInAsAdmin(page);
    await page.goto('/admin');
    // The admin's other pages are under 'Plus' in the admin bar.
    const bar = page.getByRole('navigation', { name: 'Administration' });
    await bar.getByRole('button', { name: 'Plus' }).click();
    await bar.getByRole('link', { name: 'Paramètres' }).click();
    await page.waitForURL('**/admin/settings');
    await page.getByRole('heading', { level: 1, name: "Paramètres de l'agence" }).waitFor();

    const phone = page.getByRole('textbox', { name: 'Téléphone' });
    const siret = page.getByRole('textbox', { name: 'SIRET du siège' });
    assert.equal(await phone.inputValue(), original.phone);
    const goodSiret = await siret.inputValue();

    // A typo in the SIRET: the server's message shows under the field, which gets the focus; nothing is saved.
    await siret.fill(goodSiret.replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('SIRET invalide (clé de contrôle incorrecte)').waitFor();
    assert.equal(await siret.getAttribute('aria-invalid'), 'true');
    assert.ok(await siret.evaluate((el) => el === document.activeElement));

    await siret.fill(goodSiret);
    await phone.fill(newPhone);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Paramètres enregistrés.').waitFor();
    await page.getByText(/^Dernier enregistrement le /).waitFor();
    await screenshot(page, 'admin-agency-settings-desktop-light');

    // The same visit, without reloading: the page read the identity again after the save.
    await expectPhoneOnPublicPages(page, 'footer');

    // The audit log has it, with the old and new number only.
    await page.goto('/admin/audit?type=agency');
    await page.getByText(`Téléphone : ${original.phone} → ${newPhone}`).waitFor();
    await context.close();

    // A visitor.
    const visitor = await newPage(browser);
    await expectPhoneOnPublicPages(visitor.page, 'load');
    await visitor.context.close();
  });

  it('fits a phone in the dark theme: every field in view, nothing to scroll sideways', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await page.getByRole('textbox', { name: 'Téléphone' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'the page scrolls sideways');
    for (const input of await page.getByRole('textbox').all()) {
      const box = (await input.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `a field is off the screen: ${await input.getAttribute('id')}`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')));
    await screenshot(page, 'admin-agency-settings-phone-dark');
    await context.close();
  });
});
