// Helpers of the journeys that order: pictures to upload, and a draft filled through the API as the wizard would.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './browser.ts';

/** A small picture drawn by the browser (a gradient and a label), as the bytes of a JPG or PNG file. */
export async function picture(page: Page, type: 'image/jpeg' | 'image/png', label: string, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ type, label, hue }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 360;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 480, 360);
      gradient.addColorStop(0, `hsl(${hue} 70% 55%)`);
      gradient.addColorStop(1, `hsl(${hue + 40} 70% 35%)`);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 480, 360);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 40px sans-serif';
      ctx.fillText(label, 32, 200);
      return canvas.toDataURL(type, 0.85);
    },
    { type, label, hue },
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A draft of this browser, filled through the API as the wizard would, to show each step in every theme and width. */
export async function seedDraft(page: Page, { step = '1', email = uniqueEmail('ecrans') }: { step?: string; email?: string } = {}): Promise<void> {
  const created = await page.request.post('/api/order-drafts', { data: { planType: 'business' } });
  assert.equal(created.status(), 201);
  const { id } = (await created.json()) as { id: string };
  const saved = await page.request.patch(`/api/order-drafts/${id}`, {
    data: {
      currentStep: step,
      prefersCall: false,
      data: {
        siteName: 'Atelier Céramique Garnier',
        businessSector: 'Artisanat',
        currentEmail: email,
        phone: '06 10 20 30 40',
        domainChoice: 'new',
        domainName: 'atelier-garnier',
        tagline: 'Des pièces uniques, tournées à la main',
        about: 'Atelier de céramique à Nantes : vaisselle, luminaires et cours de tournage pour adultes et enfants.',
        services: ['Vaisselle sur mesure', 'Cours de tournage', 'Luminaires'],
        socialLinks: ['https://www.instagram.com/atelier-garnier', step === '1' ? 'pas-un-lien' : 'https://www.facebook.com/atelier-garnier'],
        dominantColor: '#0d9488',
        stylePreferences: ['moderne', 'elegant'],
        businessFeatures: ['booking', 'ecommerce'],
        logoOption: 'create',
        includeTrustpilot: true,
        extraEmails: ['cours', 'boutique'],
      },
    },
  });
  assert.equal(saved.status(), 200, await saved.text());
  for (const [name, type, hue] of [
    ['bols.jpg', 'image/jpeg', 30],
    ['atelier.png', 'image/png', 160],
    ['tour.jpg', 'image/jpeg', 280],
  ] as const) {
    const res = await page.request.post(`/api/order-drafts/${id}/photos`, { multipart: { file: { name, mimeType: type, buffer: await picture(page, type, name.split('.')[0], hue) } } });
    assert.equal(res.status(), 201, await res.text());
  }
}

