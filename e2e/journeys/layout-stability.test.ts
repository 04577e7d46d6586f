// No page moves after it first paints: while a lazy page or its first answer loads, the page area keeps a screen's
// height, so the footer never shows and then jumps below the fold. Measured as Chromium measures it for Core Web
// Vitals (layout-shift entries without recent input, summed), on a phone and wide, for a visitor, a client and the
// admin. The goal (issue 20) is CLS ≤ 0.02 on every page; it was 0.16–0.61 before.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../app.ts';
import { launch, newPage, PHONE } from '../browser.ts';
import { provisionedClient, type ProvisionedClient } from '../orders.ts';

const WIDE = { width: 1440, height: 900 };
const MAX_CLS = 0.02;

let browser: Browser;
let client: ProvisionedClient;
before(async () => {
  browser = await launch();
  client = await provisionedClient({ siteName: 'Stabilité Fleurs', prefix: 'cls' });
});
after(async () => {
  await browser.close();
});

/** The page's cumulative layout shift once it has loaded and settled, with the elements that moved. */
async function layoutShift(page: Page, path: string): Promise<{ cls: number; sources: string[] }> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __shifts: { cls: number; sources: string[] } }).__shifts);
}

async function measuredPage(viewport: { width: number; height: number }, who: 'visitor' | 'client' | 'admin'): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await page.addInitScript(() => {
    const shifts = { cls: 0, sources: [] as string[] };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        shifts.cls += entry.value;
        shifts.sources.push(
          `${entry.value.toFixed(3)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' ; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  if (who === 'client') await page.request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
  if (who === 'admin') {
    await page.request.post('/api/auth/login', { data: ADMIN });
    await page.addInitScript(() => localStorage.setItem('adminMode', '1'));
  }
  return page;
}

const PAGES: Array<{ who: 'visitor' | 'client' | 'admin'; paths: string[] }> = [
  { who: 'visitor', paths: ['/', '/services', '/order', '/contact'] },
  { who: 'client', paths: ['/dashboard', '/dashboard/sites', '/dashboard/invoices'] },
  { who: 'admin', paths: ['/admin', '/admin/sites'] },
];

for (const [label, viewport] of [
  ['on a phone', PHONE],
  ['wide', WIDE],
] as const) {
  describe(`layout stability ${label}`, () => {
    for (const { who, paths } of PAGES) {
      it(`${who}: ${paths.join(', ')} shift by ${MAX_CLS} at most while they load`, async () => {
        const page = await measuredPage(viewport, who);
        try {
          for (const path of paths) {
            const { cls, sources } = await layoutShift(page, path);
            assert.ok(cls <= MAX_CLS, `${path} (${viewport.width} px): CLS ${cls.toFixed(3)}\n${sources.join('\n')}`);
          }
        } finally {
          await page.context().close();
        }
      });
    }
  });
}
